import { useId, useMemo, useState } from 'react';
import { CheckList, DotLoading, SearchBar } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { DictOption } from '@contract/session.ts';
import { useDictItems, useDictLabel } from '@/hooks/use-dict-items.ts';
import { PendingLabel } from './dict-label.tsx';
import './dict-select-phone.css';

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
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const titleId = useId();
  const items = useMemo(() => filterDictItems(data ?? [], keyword), [data, keyword]);
  const { text, pending } = useDictLabel(dictCode, value);
  const close = () => {
    setOpen(false);
    setKeyword('');
  };
  const pick = (values: (string | number)[]) => {
    const next = values.length > 0 ? String(values[values.length - 1]) : undefined;
    if (next === undefined && !clearable) return close();
    onChange?.(next, next === undefined ? undefined : data?.find((item) => item.value === next));
    close();
  };
  return (
    <>
      <button type="button" className="dict-select-phone" aria-haspopup="dialog" aria-label={title} disabled={disabled} onClick={() => setOpen(true)}>
        <span className={text || pending ? 'dict-select-phone__value' : 'dict-select-phone__placeholder'}>{pending ? <PendingLabel /> : text || placeholder}</span>
        <span className="dict-select-phone__arrow" aria-hidden>
          ›
        </span>
      </button>
      <Popup visible={open} position="bottom" onMaskClick={close} onClose={close} bodyClassName="dict-select-phone__sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="dict-select-phone__dialog">
          <div className="dict-select-phone__head">
            <h2 id={titleId} className="dict-select-phone__title">
              {title}
            </h2>
            <button type="button" className="dict-select-phone__cancel" onClick={close}>
              取消
            </button>
          </div>
          <SearchBar placeholder="搜索" value={keyword} onChange={setKeyword} />
          <div className="dict-select-phone__list">
            {isFetching && !data ? (
              <div className="dict-select-phone__empty">
                <DotLoading color="primary" />
              </div>
            ) : items.length === 0 ? (
              <div className="dict-select-phone__empty">暂无数据</div>
            ) : (
              <CheckList value={value ? [value] : []} onChange={pick}>
                {items.map((item) => (
                  <CheckList.Item key={item.value} value={item.value}>
                    {item.text}
                  </CheckList.Item>
                ))}
              </CheckList>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
