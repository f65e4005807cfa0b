import { CheckList, DotLoading } from 'antd-mobile';
import type { RefTarget } from '@contract/resource.ts';
import { PickerSheet, usePickerSheet } from '@/components/sheet/picker-sheet.tsx';
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
  const sheet = usePickerSheet();
  const { options, more, loading, failed } = useRefOptions(target, sheet.keyword, sheet.open);
  const labels = chosen.map((id) => knownRefLabel(target, id) ?? `已选${target.title}`);
  const pick = (values: (string | number)[]) => {
    if (props.multiple) {
      props.onChange?.(values.map(String));
      return;
    }
    // Tapping the chosen row again clears the choice.
    props.onChange?.(values.length > 0 ? String(values[values.length - 1]) : null);
    sheet.close();
  };
  const status =
    options.length > 0 ? null : loading ? (
      <>
        加载中
        <DotLoading color="primary" />
      </>
    ) : failed ? (
      '加载失败，请稍后重试'
    ) : sheet.keyword.trim() ? (
      `没有找到匹配的${target.title}`
    ) : (
      '暂无数据'
    );
  return (
    <PickerSheet
      sheet={sheet}
      title={title}
      shown={chosen.length > 0 ? labels.join('、') : null}
      placeholder={placeholder ?? `请选择${target.title}`}
      disabled={disabled}
      searchPlaceholder={`搜索${target.title}`}
      closeText={multiple ? '完成' : '取消'}
      busy={loading}
      status={status}
      after={more && options.length > 0 ? NARROW_HINT : null}
    >
      <CheckList multiple={multiple} value={chosen} onChange={pick}>
        {options.map((option) => (
          <CheckList.Item key={option.value} value={option.value} description={option.code}>
            {option.label}
          </CheckList.Item>
        ))}
      </CheckList>
    </PickerSheet>
  );
}
