import type { DependentRule, ValidatorRule } from '@/lib/form-rules.ts';

/**
 * A form field declared once for both layouts' forms (FieldSet, FieldSetPhone): what it is called, what
 * is typed in it and what helps to fill it in. Where a text shows differs by layout: a hint goes under a
 * computer's field and into the phone's empty field (under it, when there is an example).
 */
export interface FieldSpec {
  name: string;
  label: string;
  /** How to fill it in (通过时必填，…). */
  hint?: string;
  /** What the empty field shows on both layouts: an example, or how it may be left. */
  example?: string;
  /** What the empty field asks for on a computer, where the hint stands under it (请输入分数). */
  prompt?: string;
  /** A number with decimals, one line, several lines, or a new password. */
  input: 'decimal' | 'line' | 'text' | 'password';
  /** Lines of a text. */
  rows?: number;
  maxLength?: number;
  rule?: ValidatorRule | DependentRule;
  /** The field's width on a computer, in pixels (else the form's). */
  width?: number;
}

/** Where each text of a field shows on each layout. */
export const fieldTexts = (field: FieldSpec) => ({
  desktop: { placeholder: field.example ?? field.prompt, extra: field.hint },
  phone: { placeholder: field.example ?? field.hint, description: field.example ? field.hint : undefined },
});
