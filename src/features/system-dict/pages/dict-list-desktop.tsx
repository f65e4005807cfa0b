import { useId, useMemo } from 'react';
import { Drawer, Input } from 'antd';
import { DICT_ITEM_RESOURCE, DICT_RESOURCE } from '@contract/dict.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { DictSelect } from '@/components/dict-select/dict-select.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { CustomInputs } from '@/components/resource/resource-form-modal.tsx';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { useRefreshDict } from '../hooks/use-refresh-dict.ts';
import { BUILT_IN_HINT, NEW_ITEM_VALUES, SHOW, isBuiltInRow, itemsTitle, removableDict, type DictListPage } from './dict-list.ts';
import './dict-list.css';

/** A built-in dictionary's code, shown but not editable (Form.Item hands id and value on). */
function BuiltInCode({ id, value }: { id?: string; value?: string }) {
  return (
    <>
      <Input id={id} value={value} disabled />
      <div className="dict-list__hint">{BUILT_IN_HINT}</div>
    </>
  );
}

const customInputs: CustomInputs = {
  dictCode: (mode, row) => (mode === 'edit' && isBuiltInRow(row) ? <BuiltInCode /> : null),
};

/** What users' selects offer from this dictionary (enabled items, through the device's dictionary cache). */
function DictPreview({ dictCode }: { dictCode: string }) {
  const id = useId();
  return (
    <div className="dict-list__preview">
      <label htmlFor={id}>选项预览</label>
      <DictSelect id={id} dictCode={dictCode} placeholder="下拉框中的选项（仅启用项）" style={{ width: 280 }} />
    </div>
  );
}

/** The items of one dictionary: the generic table fixed to it. */
function DictItems({ dict }: { dict: ResourceRow }) {
  const refresh = useRefreshDict();
  const dictCode = String(dict.dictCode ?? '');
  const fixed = useMemo(() => ({ dictId: dict.id }), [dict.id]);
  return (
    <div className="dict-list__items">
      <DictPreview dictCode={dictCode} />
      <ResourceTable resource={DICT_ITEM_RESOURCE} fixed={fixed} initialValues={NEW_ITEM_VALUES} onChanged={() => refresh(dictCode)} formWidth={560} />
    </div>
  );
}

/** 数据字典 on desktop and tablet: the dictionaries from their description, each one's items in a drawer. */
export default function DictListDesktop({ actions, configuring, close, closed }: DictListPage) {
  return (
    <AntdProvider>
      <ResourceTable resource={DICT_RESOURCE} customInputs={customInputs} removable={removableDict} show={SHOW} actions={actions} />
      <Drawer title={configuring.row ? itemsTitle(configuring.row) : '字典列表'} size={720} open={configuring.open} onClose={close} afterOpenChange={(visible) => !visible && closed()} destroyOnHidden>
        {configuring.row && <DictItems dict={configuring.row} />}
      </Drawer>
    </AntdProvider>
  );
}
