import { useId, useState } from 'react';
import { CheckList, DotLoading, Popup, SearchBar } from 'antd-mobile';
import type { RefTarget } from '@contract/resource.ts';
// The same field and sheet as the dictionary picker, so both choosers look alike in a form.
import '@/components/dict-select/dict-select-phone.css';
import { knownRefLabel, NARROW_HINT, useRefOptions } from './ref-api.ts';

export interface RefPickerPhoneProps {
  target: RefTarget;
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  /** The sheet's heading and the field's accessible name. */
  title?: string;
  disabled?: boolean;
}

/**
 * The phone picker of a 'ref' field (antd-mobile only): a field that opens a sheet with a search bar
 * and the first matches of the target's list on the server, asked as the user types.
 */
export function RefPickerPhone({ target, value, onChange, placeholder, title = target.title, disabled }: RefPickerPhoneProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const titleId = useId();
  const { options, more, loading, failed } = useRefOptions(target, text, open);
  const label = knownRefLabel(target, value);
  const close = () => {
    setOpen(false);
    setText('');
  };
  const pick = (values: (string | number)[]) => {
    // Tapping the chosen row again clears the choice.
    onChange?.(values.length > 0 ? String(values[values.length - 1]) : null);
    close();
  };
  const shown = value ? (label ?? `已选${target.title}`) : null;
  return (
    <>
      <button type="button" className="dict-select-phone" aria-haspopup="dialog" aria-label={title} disabled={disabled} onClick={() => setOpen(true)}>
        <span className={shown ? 'dict-select-phone__value' : 'dict-select-phone__placeholder'}>{shown ?? placeholder ?? `请选择${target.title}`}</span>
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
          <SearchBar placeholder={`搜索${target.title}`} value={text} onChange={setText} aria-label={`搜索${target.title}`} />
          <div className="dict-select-phone__list" aria-busy={loading}>
            {options.length === 0 ? (
              <div className="dict-select-phone__empty" role="status">
                {loading ? (
                  <>
                    加载中
                    <DotLoading color="primary" />
                  </>
                ) : failed ? (
                  '加载失败，请稍后重试'
                ) : text.trim() ? (
                  `没有找到匹配的${target.title}`
                ) : (
                  '暂无数据'
                )}
              </div>
            ) : (
              <CheckList value={value ? [value] : []} onChange={pick}>
                {options.map((option) => (
                  <CheckList.Item key={option.value} value={option.value} description={option.code}>
                    {option.label}
                  </CheckList.Item>
                ))}
              </CheckList>
            )}
            {more && options.length > 0 && <div className="dict-select-phone__empty">{NARROW_HINT}</div>}
          </div>
        </div>
      </Popup>
    </>
  );
}
