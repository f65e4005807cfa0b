import type { ReactNode } from 'react';
import type { ActionSpec } from '@/components/action-bar/action-spec.ts';
import type { FieldSpec } from '@/components/field-set/field-spec.ts';

/**
 * A form of a detail declared once for both layouts (SectionForm, SectionFormPhone): its heading, its fields,
 * its buttons and what the reader should see first. No UI library here.
 */
export interface SectionFormSpec<Values> {
  /** The heading over the form (批阅), also its accessible name. */
  title?: string;
  /** The form's accessible name when it has no heading (更正批阅 under the result). */
  label?: string;
  fields: FieldSpec[];
  actions: readonly ActionSpec[];
  initialValues: Values;
  onValuesChange?: (changed: Partial<Values>, values: Values) => void;
  /** What was said before (上次退回的意见), shown above the fields. */
  note?: { title: string; content: ReactNode };
}
