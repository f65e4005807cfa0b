import type { z } from 'zod/mini';
import { refTextKey, uniqueMessage, type ResourceDescription, type ResourceField } from '@contract/resource.ts';
import type { ListColumn, Shown } from '@/components/list/list-declaration.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';
import { formatDate, formatDateField } from '@/lib/format.ts';
import { sameAsRule, type DependentRule, type ValidatorRule } from '@/lib/form-rules.ts';
import type { ResourceRow } from './resource-api.ts';

export type FormMode = 'add' | 'edit';

const UNIQUE_CHECK_PAUSE_MS = 400;

/** The fields a form shows: 'create' fields only when adding; never an instant the server sets. */
export const formFields = (resource: ResourceDescription, mode: FormMode) =>
  resource.fields.filter((f) => f.form !== false && f.kind !== 'datetime' && (f.form !== 'create' || mode === 'add'));

export const listFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.list);

/** What a column without a declared width needs at least. */
export const FLEXIBLE_COLUMN_WIDTH = 120;
const listOptions = (field: ResourceField) => (typeof field.list === 'object' ? field.list : {});
export const columnWidth = (field: ResourceField) => listOptions(field).width ?? FLEXIBLE_COLUMN_WIDTH;

/**
 * The list's columns that fit `available` px beside `reserved` (the checkbox and 操作 columns): the lowest
 * priority leave first, the later declared of equal priority before the earlier; 'key' columns, the title and
 * 状态 never leave. Nothing leaves before the width is known (0).
 */
export function fittingListFields(resource: ResourceDescription, available: number, reserved: number): { shown: ResourceField[]; hidden: ResourceField[] } {
  const fields = listFields(resource);
  const priority = (field: ResourceField) => (field.name === resource.titleField || field.name === 'status' ? 'key' : (listOptions(field).priority ?? 1));
  const leaving = fields
    .map((field, index) => ({ field, index, priority: priority(field) }))
    .filter((c): c is { field: ResourceField; index: number; priority: number } => c.priority !== 'key')
    .sort((a, b) => a.priority - b.priority || b.index - a.index);
  let total = reserved + fields.reduce((sum, field) => sum + columnWidth(field), 0);
  const hidden = new Set<ResourceField>();
  for (const { field } of leaving) {
    if (available <= 0 || total <= available) break;
    hidden.add(field);
    total -= columnWidth(field);
  }
  return { shown: fields.filter((f) => !hidden.has(f)), hidden: fields.filter((f) => hidden.has(f)) };
}
export const searchFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.search);

/** What the schema expects from what an input holds: blank optional values are null, a phone's number text a number. */
export function toInputValue(field: ResourceField, value: unknown): unknown {
  if (value === undefined || value === null) return field.kind === 'switch' ? false : null;
  if (field.kind === 'number') {
    if (typeof value === 'string') return value.trim() === '' ? null : Number(value);
    return value;
  }
  if (field.kind === 'switch') return Boolean(value);
  return value;
}

export function toInput(resource: ResourceDescription, mode: FormMode, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(formFields(resource, mode).map((f) => [f.name, toInputValue(f, values[f.name])]));
}

/** A row's values as the form's inputs take them. */
export function toFormValues(resource: ResourceDescription, row: ResourceRow | null): Record<string, unknown> {
  if (!row) return {};
  return Object.fromEntries(resource.fields.map((f) => [f.name, row[f.name] ?? undefined]));
}

const fieldSchema = (resource: ResourceDescription, mode: FormMode, name: string): z.ZodMiniType | undefined => {
  const schema = mode === 'add' ? resource.createSchema : resource.editSchema;
  return (schema.def.shape as Record<string, z.ZodMiniType>)[name];
};

/**
 * The rules of one field in the shape both antd and antd-mobile forms take: the shared schema's own
 * message, the field it must equal (ResourceField.sameAs), then the server's uniqueness check (after a
 * pause in typing, only for a valid value).
 */
export function fieldRules(resource: ResourceDescription, mode: FormMode, field: ResourceField, editingId: string | undefined): (ValidatorRule | DependentRule)[] {
  const schema = fieldSchema(resource, mode, field.name);
  const rules: (ValidatorRule | DependentRule)[] = [];
  if (schema) {
    rules.push({
      validator: (_rule, value) => {
        const result = schema.safeParse(toInputValue(field, value));
        return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
      },
    });
  }
  if (field.sameAs) rules.push(sameAsRule(field.sameAs.field, field.sameAs.message));
  const whole = mode === 'add' ? resource.createSchema : resource.editSchema;
  // The schema's rules between fields (a sum, a date order) report at the field their path names.
  if ((whole.def.checks?.length ?? 0) > 0) {
    rules.push(({ getFieldValue }) => ({
      validator: (_rule, value) => {
        // A value its own rule refuses is reported once, by that rule.
        if (schema && !schema.safeParse(toInputValue(field, value)).success) return Promise.resolve();
        // Only values their own rules take: another field's refusal would stop the schema before its rules between fields.
        const values = Object.fromEntries(
          formFields(resource, mode).flatMap((f) => {
            const input = toInputValue(f, f.name === field.name ? value : getFieldValue(f.name));
            return fieldSchema(resource, mode, f.name)?.safeParse(input).success === false ? [] : [[f.name, input]];
          }),
        );
        const result = whole.safeParse(editingId ? { ...values, id: editingId } : values);
        const issue = result.error?.issues.find((i) => i.code === 'custom' && i.path[0] === field.name);
        return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
      },
    }));
  }
  const { unique } = field;
  if (unique) {
    let latest: unknown;
    rules.push({
      validator: async (_rule, value) => {
        latest = value;
        const parsed = typeof value === 'string' && value.trim() ? schema?.safeParse(value) : undefined;
        if (!parsed?.success) return;
        // Typing validates on every change: ask the server only once the value has rested.
        await new Promise((resolve) => setTimeout(resolve, UNIQUE_CHECK_PAUSE_MS));
        if (latest !== value) return;
        // The value as the server will store it (a code pasted with spaces is looked up without them).
        const message = await duplicateMessage(unique.table, unique.field, String(parsed.data), editingId);
        if (message) throw new Error(uniqueMessage(field));
      },
    });
  }
  return rules;
}

/** The fields whose change checks this one again (a confirmation re-checked when the password changes, a sum when a part does). */
export const fieldDependencies = (field: ResourceField) => (field.sameAs || field.dependsOn ? [...(field.sameAs ? [field.sameAs.field] : []), ...(field.dependsOn ?? [])] : undefined);

/** Whether the schema lets the field be blank (for the required mark). */
export function isRequired(resource: ResourceDescription, mode: FormMode, field: ResourceField): boolean {
  const schema = fieldSchema(resource, mode, field.name);
  return Boolean(schema && !schema.safeParse(toInputValue(field, null)).success && field.kind !== 'switch');
}

/** The tone of a choice shown as a coloured tag (FieldOption.tone), or undefined for plain text. */
export const optionTone = (field: ResourceField, value: unknown) => (field.kind === 'select' ? field.options?.find((o) => o.value === String(value))?.tone : undefined);

export const optionLabel = (field: ResourceField, value: unknown) => field.options?.find((o) => o.value === String(value))?.label ?? (value == null ? '' : String(value));

/** What a list shows for a field of a row: a ref field's label (`<field>_dictText`), never its id; else the value. */
export const shownValue = (field: ResourceField, row: ResourceRow): unknown => (field.kind === 'ref' ? row[refTextKey(field.name)] : row[field.name]);

/** Whether a 'number' field takes a fraction (课程 学分 with one decimal) rather than whole numbers only. */
export function allowsDecimal(resource: ResourceDescription, mode: FormMode, field: ResourceField): boolean {
  const result = fieldSchema(resource, mode, field.name)?.safeParse(0.5);
  return Boolean(result && (result.success || !result.error.issues.some((issue) => issue.code === 'invalid_type' && issue.expected === 'int')));
}

/**
 * A value as a list shows it to a person, '' when blank: dates in SPEC's formats (local time),
 * choices by label, switches 是/否. Dictionary labels come from DictLabel, which waits for the dictionary.
 */
export function fieldText(field: ResourceField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'date':
      return formatDateField(value as string) || String(value);
    case 'datetime':
      return formatDate(value as string) || String(value);
    case 'select':
      return optionLabel(field, value);
    case 'switch':
      return value ? '是' : '否';
    default:
      return String(value);
  }
}

/** A field's value as a list shows it (list-declaration's Shown): a dictionary by its label, a choice with a tone and a switch as tags, else fieldText. */
export function fieldShown(field: ResourceField, value: unknown): Shown {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'dict') return { dict: field.dictCode ?? '', value };
  if (field.kind === 'switch') return { tag: fieldText(field, value), tone: value ? 'success' : 'default' };
  const tone = optionTone(field, value);
  return tone ? { tag: fieldText(field, value), tone } : fieldText(field, value);
}

/** How a page shows some fields of a row instead (its own badge), by name: the desktop's cells and the phone's lines alike. */
export type ShowFields = Record<string, (row: ResourceRow) => Shown>;

/** A field as a declared list's column: the row's value as fieldShown reads it (a ref by its label), or as the page shows it. */
export const fieldColumn = (field: ResourceField, show?: ShowFields): ListColumn<ResourceRow> => ({
  key: field.name,
  label: field.label,
  show: show?.[field.name] ?? ((row) => fieldShown(field, shownValue(field, row))),
});
