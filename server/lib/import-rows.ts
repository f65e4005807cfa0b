import type * as z from 'zod/mini';
import type { ResourceField } from '@contract/resource.ts';
import { badRequest } from './http.ts';

type Row = Record<string, unknown>;

/** A problem of one import row: the field it belongs to (the report names them in column order), or none for the row as a whole. */
export interface RowIssue {
  field?: string;
  message: string;
}

/** One row of an import file as read from its cells. */
export interface ImportRow {
  /** Excel's row number. */
  row: number;
  /** The values as the schema takes them. */
  raw: Row;
  /** Problems met reading the cells (a label that is none of the choices); the schema is not asked again about those fields. */
  cellIssues: readonly RowIssue[];
}

export interface ImportChecks {
  /** The import's columns with their headers as labels, in the order a row's problems are named. */
  fields: readonly ResourceField[];
  schema: z.ZodMiniType;
  /**
   * The refusals after the schema (a unique value the file or the table already holds, a parent that does
   * not exist), given the fields that passed it, so a row with a bad field still has its other fields checked.
   */
  after: (input: Row) => Promise<RowIssue[]>;
}

/** Separates the problems of one row on its report line. */
const ISSUE_SEPARATOR = '；';

/** A choice cell by its label (or its value); any other text is the row's problem, naming the choices. */
export function choiceValue(field: ResourceField, text: string, choices: ReadonlyMap<string, string>, issues: RowIssue[]): string | undefined {
  const value = choices.get(text) ?? ([...choices.values()].includes(text) ? text : undefined);
  if (value === undefined) issues.push({ field: field.name, message: `${field.label}“${text}”无效，可选：${[...choices.keys()].join('、')}` });
  return value;
}

/** Every problem of one row: the cells', each field's first schema issue, then the refusals after the schema. */
async function rowIssues(row: ImportRow, checks: ImportChecks): Promise<{ issues: RowIssue[]; input: Row }> {
  const issues = [...row.cellIssues];
  const bad = new Set(issues.map((i) => i.field));
  const parsed = checks.schema.safeParse(row.raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
      if (field !== undefined && bad.has(field)) continue;
      bad.add(field);
      issues.push({ field, message: issue.message });
    }
  }
  const input = parsed.success && issues.length === 0 ? (parsed.data as Row) : Object.fromEntries(Object.entries(row.raw).filter(([name]) => !bad.has(name)));
  issues.push(...(await checks.after(input)));
  return { issues, input };
}

/**
 * All or nothing: the rows' validated inputs when no row has a problem; otherwise a refusal whose
 * @-separated lines name each bad row once, with every problem of that row in column order.
 */
export async function checkImportRows<T>(rows: readonly ImportRow[], checks: ImportChecks): Promise<T[]> {
  const order = (issue: RowIssue) => {
    const index = checks.fields.findIndex((f) => f.name === issue.field);
    return index < 0 ? checks.fields.length : index;
  };
  // A form shows a message beside its field; a report line names the column when the message does not.
  const named = (issue: RowIssue) => {
    const label = checks.fields.find((f) => f.name === issue.field)?.label;
    return label && !issue.message.includes(label) ? `${label}：${issue.message}` : issue.message;
  };
  const errors: string[] = [];
  const inputs: T[] = [];
  for (const row of rows) {
    const { issues, input } = await rowIssues(row, checks);
    if (issues.length === 0) {
      inputs.push(input as T);
      continue;
    }
    const messages = [...new Set([...issues].sort((a, b) => order(a) - order(b)).map(named))];
    errors.push(`第${row.row}行：${messages.join(ISSUE_SEPARATOR)}`);
  }
  if (errors.length > 0) throw badRequest([`导入失败，共${errors.length}行有误，未导入任何数据`, ...errors].join('@'));
  return inputs;
}
