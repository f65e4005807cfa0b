import { useId, useState, type ReactNode } from 'react';
import { SearchBar } from 'antd-mobile';
import { Popup } from './popup.tsx';
import './picker-sheet.css';

/** Whether the picker's sheet is open and what is typed in its search; closing clears the search. */
export function usePickerSheet() {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  return {
    open,
    keyword,
    setKeyword,
    show: () => setOpen(true),
    close: () => {
      setOpen(false);
      setKeyword('');
    },
  };
}
export type PickerSheetState = ReturnType<typeof usePickerSheet>;

export interface PickerSheetProps {
  sheet: PickerSheetState;
  /** The sheet's heading. */
  title: string;
  /** The field's accessible name (the title by default). */
  label?: string;
  /** What the field shows for the value; nothing shows the placeholder. */
  shown?: ReactNode;
  placeholder: string;
  disabled?: boolean;
  searchPlaceholder: string;
  /** The head's button: 取消, or 完成 where several are chosen. */
  closeText?: string;
  /** The list is being read. */
  busy?: boolean;
  /** Shown instead of the list: loading, nothing found, a failure. */
  status?: ReactNode;
  /** The list (an antd-mobile CheckList). */
  children?: ReactNode;
  /** Under the list: a hint to narrow the search, nothing matched. */
  after?: ReactNode;
}

/**
 * A phone form's chooser (antd-mobile only, never antd): a field showing the value that opens a bottom
 * sheet with a heading, a search bar and the list to choose from. The dictionary, the ref and the tree
 * pickers are this with their own list.
 */
export function PickerSheet({ sheet, title, label = title, shown, placeholder, disabled, searchPlaceholder, closeText = '取消', busy, status, children, after }: PickerSheetProps) {
  const titleId = useId();
  const hasValue = shown !== undefined && shown !== null && shown !== '';
  return (
    <>
      <button type="button" className="picker-sheet" aria-haspopup="dialog" aria-label={label} disabled={disabled} onClick={sheet.show}>
        <span className={hasValue ? 'picker-sheet__value' : 'picker-sheet__placeholder'}>{hasValue ? shown : placeholder}</span>
        <span className="picker-sheet__arrow" aria-hidden>
          ›
        </span>
      </button>
      <Popup visible={sheet.open} position="bottom" onMaskClick={sheet.close} onClose={sheet.close} bodyClassName="picker-sheet__sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="picker-sheet__dialog">
          <div className="picker-sheet__head">
            <h2 id={titleId} className="picker-sheet__title">
              {title}
            </h2>
            <button type="button" className="picker-sheet__cancel" onClick={sheet.close}>
              {closeText}
            </button>
          </div>
          <SearchBar placeholder={searchPlaceholder} value={sheet.keyword} onChange={sheet.setKeyword} aria-label={searchPlaceholder} />
          <div className="picker-sheet__list" aria-busy={busy}>
            {status ? (
              <div className="picker-sheet__empty" role="status">
                {status}
              </div>
            ) : (
              children
            )}
            {after && <div className="picker-sheet__empty">{after}</div>}
          </div>
        </div>
      </Popup>
    </>
  );
}
