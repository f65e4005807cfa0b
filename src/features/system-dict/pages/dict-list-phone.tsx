import { useMemo } from 'react';
import { Input } from 'antd-mobile';
import { DICT_ITEM_RESOURCE, DICT_RESOURCE } from '@contract/dict.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList, type PhoneCustomInputs } from '@/components/resource/resource-phone.tsx';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { useRefreshDict } from '../hooks/use-refresh-dict.ts';
import { BUILT_IN_HINT, NEW_ITEM_VALUES, SHOW, isBuiltInRow, itemsTitle, removableDict, type DictListPage } from './dict-list.ts';
import './dict-list.css';

/** A built-in dictionary's code, shown but not editable (Form.Item hands id and value on). */
function BuiltInCode({ id, value }: { id?: string; value?: string }) {
  return (
    <div>
      <Input id={id} value={value} disabled />
      <div className="dict-list__hint">{BUILT_IN_HINT}</div>
    </div>
  );
}

const customInputs: PhoneCustomInputs = {
  dictCode: (mode, row) => (mode === 'edit' && isBuiltInRow(row) ? <BuiltInCode /> : null),
};

/** One dictionary's items in a full-screen sheet: the generic phone list fixed to it. */
function DictItemsSheet({ dict, onClose }: { dict: ResourceRow | null; onClose: () => void }) {
  const refresh = useRefreshDict();
  const fixed = useMemo(() => (dict ? { dictId: dict.id } : undefined), [dict]);
  return (
    <PhoneSheet open={dict !== null} title={dict ? itemsTitle(dict) : '字典列表'} onClose={onClose} shaded>
      {dict && <ResourcePhoneList resource={DICT_ITEM_RESOURCE} fixed={fixed} initialValues={NEW_ITEM_VALUES} onChanged={() => refresh(String(dict.dictCode ?? ''))} />}
    </PhoneSheet>
  );
}

/** 数据字典 on the phone (antd-mobile only): the dictionaries' list; a dictionary's form leads to its items. */
export default function DictListPhone({ actions, configuring, closed }: DictListPage) {
  return (
    <>
      <ResourcePhoneList resource={DICT_RESOURCE} customInputs={customInputs} removable={removableDict} show={SHOW} actions={actions} />
      <DictItemsSheet dict={configuring.open ? configuring.row : null} onClose={closed} />
    </>
  );
}
