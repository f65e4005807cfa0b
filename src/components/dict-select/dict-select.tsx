import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useDictItems } from '@/hooks/use-dict-items.ts';
import { PendingLabel } from './dict-label.tsx';

export const DICT_PLACEHOLDER = '请选择';

export interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'mode' | 'loading'> {
  /** The dictionary code, as in GET /sys/dict/getDictItems/{dictCode}. */
  dictCode: string;
}

/**
 * A dictionary-backed search select for desktop and tablet (antd): options are the dictionary's
 * items, typing filters them by their text. Render it inside a page wrapped in AntdProvider.
 */
export function DictSelect({ dictCode, placeholder = DICT_PLACEHOLDER, allowClear = true, ...rest }: DictSelectProps) {
  const { data, isFetching, isPending, isError } = useDictItems(dictCode);
  const options = useMemo(() => (data ?? []).map((item) => ({ value: item.value, label: item.text })), [data]);
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      options={options}
      loading={isFetching}
      notFoundContent={isFetching ? '加载中…' : '暂无数据'}
      // A chosen value's label is not known before the dictionary is: a placeholder, never the raw code.
      labelRender={({ label, value }) => label ?? (isPending && !isError ? <PendingLabel /> : value)}
      {...rest}
    />
  );
}
