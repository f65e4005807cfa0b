import { useId, useState } from 'react';
import { CheckList, DotLoading, SearchBar } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { RefTarget } from '@contract/resource.ts';
// The same field and sheet as the dictionary picker, so both choosers look alike in a form.
import '@/components/dict-select/dict-select-phone.css';
import { knownRefLabel, NARROW_HINT, useRefOptions } from './ref-api.ts';

interface RefPickerPhoneBase {
  target: RefTarget;
  placeholder?: string;
  /** The sheet's heading and the field's accessible name. */
  title?: string;
  disabled?: boolean;
}
/** One row's id; or with `multiple`, several rows (a program's classes), the sheet staying open until 完成. */
export type RefPickerPhoneProps = RefPickerPhoneBase &
  ({ multiple?: false; value?: string | null; onChange?: (value: string | null) => void } | { multiple: true; value?: string[]; onChange?: (value: string[]) => void });

/**
 * The phone picker of a 'ref' field (antd-mobile only): a field that opens a sheet with a search bar
 * and the first matches of the target's list on the server, asked as the user types.
 */
export function RefPickerPhone(props: RefPickerPhoneProps) {
  const { target, placeholder, title = target.title, disabled, multiple } = props;
  const chosen = multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const titleId = useId();
  const { options, more, loading, failed } = useRefOptions(target, text, open);
  const labels = chosen.map((id) => knownRefLabel(target, id) ?? `已选${target.title}`);
  const close = () => {
    setOpen(false);
    setText('');
  };
  const pick = (values: (string | number)[]) => {
    if (props.multiple) {
      props.onChange?.(values.map(String));
      return;
    }
    // Tapping the chosen row again clears the choice.
    props.onChange?.(values.length > 0 ? String(values[values.length - 1]) : null);
    close();
  };
  const shown = chosen.length > 0 ? labels.join('、') : null;
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
              {multiple ? '完成' : '取消'}
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
              <CheckList multiple={multiple} value={chosen} onChange={pick}>
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
