import type { PageChoice } from './page-choice.ts';

/** A screen's choices on the phone: each a label around a native select, which the phone opens as its own picker. */
export function PageChoicesPhone({ choices, className }: { choices: readonly PageChoice[]; className?: string }) {
  return (
    <div className={className}>
      {choices.map((choice) => (
        <label key={choice.id}>
          {choice.label}{' '}
          <select id={choice.id} value={choice.value ?? ''} onChange={(event) => choice.onChange(event.target.value || undefined)} disabled={choice.options.length === 0}>
            {choice.clearable && <option value="">{choice.placeholder}</option>}
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
