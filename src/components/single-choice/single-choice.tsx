import { Selector } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface SingleChoiceProps<V extends string> {
  options: readonly { value: V; label: ReactNode }[];
  value: V | null | undefined;
  onChange: (value: V | undefined) => void;
  /** The choice may be left empty: tapping the chosen chip clears it. Otherwise it stays chosen. */
  clearable?: boolean;
  columns?: number;
  disabled?: boolean;
}

/**
 * One of several chips on the phone (antd-mobile Selector). antd-mobile lets a tap on the chosen chip take it
 * back, which leaves a required choice empty (a preselected 实地走访 cleared, then 请选择走访方式); here it stays.
 */
export function SingleChoice<V extends string>({ options, value, onChange, clearable = false, columns, disabled }: SingleChoiceProps<V>) {
  return (
    <Selector<V>
      columns={columns}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value ? [value] : []}
      disabled={disabled}
      onChange={(values) => {
        const next = values[0];
        if (next !== undefined) onChange(next);
        else if (clearable) onChange(undefined);
      }}
    />
  );
}
