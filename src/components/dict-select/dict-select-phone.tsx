import { useMemo } from 'react';
import { CheckList, DotLoading } from 'antd-mobile';
import type { DictOption } from '@contract/session.ts';
import { PickerSheet, usePickerSheet } from '@/components/sheet/picker-sheet.tsx';
import { useDictItems, useDictLabel } from '@/hooks/use-dict-items.ts';
import { PendingLabel } from './dict-label.tsx';

export interface DictSelectPhoneProps {
  /** The dictionary code, as in GET /sys/dict/getDictItems/{dictCode}. */
  dictCode: string;
  value?: string | null;
  onChange?: (value: string | undefined, option?: DictOption) => void;
  placeholder?: string;
  /** The sheet's heading and the field's accessible name. */
  title?: string;
  disabled?: boolean;
  /** Tapping the chosen item again clears the value (default true). */
  clearable?: boolean;
}

/** Items whose text contains the keyword (the same rule as the desktop select's search). */
export function filterDictItems(items: readonly DictOption[], keyword: string): DictOption[] {
  const word = keyword.trim().toLowerCase();
  return word ? items.filter((item) => item.text.toLowerCase().includes(word)) : [...items];
}

/**
 * The dictionary select on the phone (antd-mobile only, never antd): a field that opens a bottom
 * sheet with a search bar and a check list. Fits antd-mobile Form.Item (value/onChange).
 */
export function DictSelectPhone({ dictCode, value, onChange, placeholder = '请选择', title = placeholder, disabled, clearable = true }: DictSelectPhoneProps) {
  const { data, isFetching } = useDictItems(dictCode);
  const sheet = usePickerSheet();
  const items = useMemo(() => filterDictItems(data ?? [], sheet.keyword), [data, sheet.keyword]);
  const { text, pending } = useDictLabel(dictCode, value);
  const pick = (values: (string | number)[]) => {
    const next = values.length > 0 ? String(values[values.length - 1]) : undefined;
    if (next === undefined && !clearable) return sheet.close();
    onChange?.(next, next === undefined ? undefined : data?.find((item) => item.value === next));
    sheet.close();
  };
  return (
    <PickerSheet
      sheet={sheet}
      title={title}
      shown={pending ? <PendingLabel /> : text}
      placeholder={placeholder}
      disabled={disabled}
      searchPlaceholder="搜索"
      status={isFetching && !data ? <DotLoading color="primary" /> : items.length === 0 ? '暂无数据' : null}
    >
      <CheckList value={value ? [value] : []} onChange={pick}>
        {items.map((item) => (
          <CheckList.Item key={item.value} value={item.value}>
            {item.text}
          </CheckList.Item>
        ))}
      </CheckList>
    </PickerSheet>
  );
}
