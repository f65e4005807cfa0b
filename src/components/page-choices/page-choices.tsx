import { Select } from 'antd';
import type { PageChoice } from './page-choice.ts';

/** A screen's choices in its toolbar on desktop and tablet: each label and its antd select. */
export function PageChoices({ choices, className }: { choices: readonly PageChoice[]; className?: string }) {
  return (
    <div className={className}>
      {choices.map((choice) => [
        <label key={`${choice.id}-label`} htmlFor={choice.id}>
          {choice.label}
        </label>,
        <Select
          key={choice.id}
          id={choice.id}
          style={{ minWidth: choice.width }}
          loading={choice.loading}
          allowClear={choice.clearable}
          value={choice.value}
          onChange={(value?: string) => choice.onChange(value)}
          placeholder={choice.placeholder}
          options={[...choice.options]}
        />,
      ])}
    </div>
  );
}
