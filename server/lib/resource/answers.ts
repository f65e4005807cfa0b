import { getTableColumns, is } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { envelope, pageOf, uploadFile } from '../answers.ts';
import type { ResourceBinding, Row } from './binding.ts';

/**
 * What a resource's routes answer, derived from its binding: the table's columns (their types and whether they
 * may be null), each ref's `<field>_dictText`, the related values, and what toRow and the tree's nodes make of
 * them. toRow is code, so its answer is learnt by running it once on a made-up row whose values are all told
 * apart: a value it passes on (or a time it writes as text) has its column's type; a value it computes must be
 * declared (ResourceBinding.answers), else the server refuses to start, so no answer goes undescribed.
 */

type Shape = Record<string, z.core.$ZodType>;

const INTEGER_COLUMNS = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial', 'PgBigInt53', 'PgBigSerial53']);

/** A column's value on the wire: a time as its ISO text (JSON of a Date), a date as YYYY-MM-DD, numeric as text. */
function columnAnswer(column: PgColumn): z.ZodType {
  const base = ((): z.ZodType => {
    switch (column.dataType) {
      case 'string':
        return column.enumValues?.length ? z.enum(column.enumValues as [string, ...string[]]) : z.string();
      case 'number':
        return INTEGER_COLUMNS.has(column.columnType) ? z.number().int() : z.number();
      case 'boolean':
        return z.boolean();
      case 'date':
        return z.string();
      default:
        throw new Error(`column ${column.name} (${column.columnType}) has no answer schema in the resource machinery`);
    }
  })();
  return column.notNull ? base : base.nullable();
}

/** A made-up value of a column, different from every other column's (booleans excepted: there are two). */
function probeValue(column: PgColumn | undefined, index: number): unknown {
  if (!column) return `probe ${index}`;
  switch (column.dataType) {
    case 'date':
      return new Date(Date.UTC(2001, 0, 1, 0, 0, index));
    case 'number':
      return 1000 + index;
    case 'boolean':
      return true;
    default:
      if (column.columnType === 'PgDateString') return new Date(Date.UTC(2001, 0, 1 + index)).toISOString().slice(0, 10);
      // An enum's value is one of its own, so code that maps it (a status's words) runs as it would.
      return column.enumValues?.length ? column.enumValues[index % column.enumValues.length] : `probe ${index}`;
  }
}

/** The values a row function is given (a row as read: the table's columns and the shown values), and their answers. */
interface RowSources {
  /** The schema of each value as read, by key. */
  answers: Shape;
  /** The column of each value that has one (for made-up values of its type). */
  columns: Record<string, PgColumn | undefined>;
}

/** The table's columns as its rows are read. */
function tableSources(table: PgTable): RowSources {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return { columns: { ...columns }, answers: Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, columnAnswer(column)])) };
}

/**
 * The answer of what a row function (toRow, a tree's node) makes of rows read from sources, learnt by running it on
 * made-up rows. `calls` runs it on such a row in each way it is called (a node with and without children): a key
 * some calls leave out is optional. `special` names an answer for a value that is one of the call's own arguments.
 */
function learnAnswer(
  what: string,
  sources: RowSources,
  declared: Shape,
  calls: readonly ((row: Row) => { output: object; special?: (value: unknown) => z.core.$ZodType | undefined })[],
): Shape {
  const row: Row = {};
  const origin = new Map<unknown, string[]>();
  const timeText = new Map<string, string>();
  Object.entries(sources.columns).forEach(([key, column], index) => {
    const value = probeValue(column, index);
    row[key] = value;
    if (value instanceof Date) timeText.set(value.toISOString(), key);
    if (typeof value !== 'boolean') origin.set(value, [...(origin.get(value) ?? []), key]);
  });
  const booleans = Object.keys(sources.columns).filter((key) => sources.columns[key]?.dataType === 'boolean');

  const derive = (key: string, value: unknown): z.core.$ZodType | undefined => {
    if (typeof value === 'boolean') {
      // All made-up booleans are true: a boolean is its namesake's, or any boolean column's when they all agree on null.
      if (booleans.includes(key)) return sources.answers[key];
      const kinds = new Set(booleans.map((b) => sources.columns[b]!.notNull));
      return value && kinds.size === 1 ? sources.answers[booleans[0]!] : undefined;
    }
    const from = origin.get(value);
    if (from) return sources.answers[from.includes(key) ? key : from.length === 1 ? from[0]! : ''];
    // A time written as its ISO text.
    const time = typeof value === 'string' ? timeText.get(value) : undefined;
    return time ? (sources.columns[time]!.notNull ? z.string() : z.string().nullable()) : undefined;
  };

  const shape: Shape = {};
  const seen: Set<string>[] = [];
  const unknown = new Set<string>();
  for (const call of calls) {
    const { output, special } = call({ ...row });
    const keys = new Set<string>();
    for (const [key, value] of Object.entries(output)) {
      if (value === undefined) continue;
      keys.add(key);
      const answer = special?.(value) ?? declared[key] ?? derive(key, value);
      if (answer) shape[key] ??= answer;
      else unknown.add(key);
    }
    seen.push(keys);
  }
  if (unknown.size > 0) {
    throw new Error(`${what} answers ${[...unknown].join(', ')}, which the resource machinery cannot derive from its columns: declare their answer schemas (ResourceBinding.answers)`);
  }
  for (const key of Object.keys(shape)) if (seen.some((keys) => !keys.has(key))) shape[key] = z.optional(shape[key]!);
  return shape;
}

/** The values a related column shows: a column's (none when its row is missing), or what the binding declares of an SQL one. */
function relatedAnswers(binding: ResourceBinding): RowSources {
  const related = binding.related;
  const answers: Shape = {};
  const columns: Record<string, PgColumn | undefined> = {};
  for (const [key, column] of Object.entries(related?.columns ?? {})) {
    const declared = related?.answers?.[key];
    if (declared) answers[key] = declared;
    else if (is(column, PgColumn)) answers[key] = columnAnswer(column).nullable();
    else throw new Error(`the related value ${key} of ${binding.resource.key} is SQL: declare its answer schema (RelatedValues.answers)`);
    columns[key] = is(column, PgColumn) ? column : undefined;
  }
  return { answers, columns };
}

/** What the list, queryById, add, edit and a tree's reads answer of a resource's rows. */
export function resourceAnswers(binding: ResourceBinding, labels: readonly { key: string; label: PgColumn }[], idField: string) {
  const { resource, table, toRow } = binding;
  const declared: Shape = binding.answers ?? {};
  const related = relatedAnswers(binding);
  const own = tableSources(table);
  // The values shown beside the row's own (present() sets them whatever toRow did): each ref's and dictionary's label
  // (none when the value is blank or names nothing), the related values.
  const labelColumns = Object.fromEntries(labels.map(({ key, label }) => [key, label]));
  const shown: Shape = { ...Object.fromEntries(labels.map(({ key, label }) => [key, columnAnswer(label).nullable()])), ...related.answers };
  const sources: RowSources = {
    answers: { ...own.answers, ...shown },
    columns: { ...own.columns, ...Object.fromEntries(Object.keys(shown).map((key) => [key, related.columns[key] ?? labelColumns[key]])) },
  };
  const recordShape = { ...learnAnswer(`toRow of ${resource.key}`, sources, declared, [(row) => ({ output: toRow(row) })]), ...shown };
  const record = z.object(recordShape);
  if (!(idField in recordShape)) throw new Error(`toRow of ${resource.key} answers no ${idField}`);
  // With field= (JeecgBoot's column choice) a list's rows hold the chosen columns and the id only.
  const chosenRecord = z
    .object(Object.fromEntries(Object.entries(recordShape).map(([key, answer]) => [key, key === idField ? answer : z.optional(answer)])))
    .meta({ description: '只含 field= 所选的列（id 总在）' });

  const tree = binding.tree;
  let node: z.ZodType | undefined;
  let level: z.ZodType | undefined;
  if (tree) {
    const tableOnly = tableSources(table);
    // A node is made with and without children: its children are nodes again (recursive), and may be left out.
    const nodeCalls = [[], [{}]].map((children: object[]) => (row: Row) => ({
      output: tree.node(row, children),
      special: (value: unknown) => (value === children ? z.array(z.lazy(() => node!)) : undefined),
    }));
    // A recursive schema is a component of the document, named once (PermissionTreeNode).
    const nodeId = `${resource.key.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}TreeNode`;
    node = z.object(learnAnswer(`the tree node of ${resource.key}`, tableOnly, declared, nodeCalls)).meta({ id: nodeId });
    const levelNode = tree.levelNode;
    if (levelNode) {
      // isLeaf false first: a made-up row's booleans are all true, so the value that is false is isLeaf.
      const levelCalls = [false, true].map((isLeaf) => (row: Row) => ({ output: levelNode(row, isLeaf), special: (value: unknown) => (value === isLeaf ? z.boolean() : undefined) }));
      level = z.object(learnAnswer(`a level's node of ${resource.key}`, tableOnly, declared, levelCalls));
    }
  }
  return {
    record,
    /** The keys of a record: what field= may choose. */
    recordKeys: new Set(Object.keys(recordShape)),
    /** A page of the list (its rows the whole record, or the columns field= chose). */
    page: envelope(pageOf(z.union([record, chosenRecord]))),
    /** The tree's nodes (its whole tree, its search) and one level's, in the envelope. */
    nodes: node && envelope(z.array(node)),
    levelNodes: level && envelope(z.array(level)),
  };
}

/** An import's body: the workbook, in the field files[] as SPEC section 7 and the browser send it (the form's first file is read, whatever its field). */
export const importUpload = z.object({ 'files[]': uploadFile }).meta({ description: 'Excel 文件（.xlsx 或 .xls）' });
