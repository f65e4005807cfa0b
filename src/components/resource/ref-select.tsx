import { useState, type CSSProperties } from 'react';
import { Select, Spin } from 'antd';
import type { RefTarget } from '@contract/resource.ts';
import { knownRefLabel, NARROW_HINT, useRefOptions } from './ref-api.ts';

interface RefSelectBase {
  target: RefTarget;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}
/** One row's id; or with `multiple`, several rows (a program's classes). */
export type RefSelectProps = RefSelectBase &
  ({ multiple?: false; value?: string | null; onChange?: (value: string | null) => void } | { multiple: true; value?: string[]; onChange?: (value: string[]) => void });

/**
 * The desktop picker of a 'ref' field (antd): a search select that asks the target's list on the
 * server as the user types (never loading every row) and shows the chosen row by its label (known
 * from the list the row came from, or from the matches it was picked among).
 */
export function RefSelect(props: RefSelectProps) {
  const { target, id, value, placeholder, disabled, style, multiple } = props;
  const onChange = props.onChange as ((value: string | string[] | null) => void) | undefined;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { options, more, loading, failed } = useRefOptions(target, text, open);
  return (
    <Select<string | string[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : null))}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText, autoClearSearchValue: true }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
      allowClear
      disabled={disabled}
      style={style}
      placeholder={placeholder ?? `请选择${target.title}`}
      options={options}
      // Twenty matches at most: no need for a virtual list (which shows only some of them in tests, too).
      virtual={false}
      popupMatchSelectWidth={false}
      loading={loading && open}
      optionRender={(option) => (
        <span className="resource-ref__option">
          {option.label}
          {option.data.code && <span className="resource-ref__code">{option.data.code}</span>}
        </span>
      )}
      // A chosen id not among the matches shown (the edited row's, one restored from the address) is named by its label.
      labelRender={({ label: shown, value: chosen }) => shown ?? knownRefLabel(target, String(chosen)) ?? `已选${target.title}`}
      notFoundContent={
        loading ? (
          <span className="resource-ref__state">
            <Spin size="small" /> 加载中…
          </span>
        ) : (
          <span className="resource-ref__state">{failed ? '加载失败，请稍后重试' : text.trim() ? `没有找到匹配的${target.title}` : '暂无数据'}</span>
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {more && options.length > 0 && <div className="resource-ref__more">{NARROW_HINT}</div>}
        </>
      )}
    />
  );
}
