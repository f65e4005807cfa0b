import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, getTableColumns, getTableName, ilike, inArray, is, isNull, like, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgTable, type PgColumn, type PgSelect, type PgView } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  excelHeader,
  exportFields,
  idQuerySchema,
  idsQuerySchema,
  importFields,
  importSchemaOf,
  pageQuerySchema,
  refTextKey,
  resourceUrl,
  treeSearchQuerySchema,
  uniqueMessage,
  type PageResult,
  type ResourceAction,
  type ResourceDescription,
  type ResourceField,
} from '@contract/resource.ts';
import type { Database } from '../db/database.ts';
import { sysDict, sysDictItem, sysRowCount } from '../db/schema.ts';
import type { App } from '../types.ts';
import { SCOPE_MSG, departScopeOf, inDeparts, type DepartLink } from './data-scope.ts';
import { IMPORT_MAX_BYTES, buildTemplate, buildWorkbook, excelColumns, sendWorkbook } from './excel.ts';
import { HttpError, badRequest, forbidden, notFound, ok } from './http.ts';
import { checkImportRows, choiceValue, type ImportRow, type RowIssue } from './import-rows.ts';
import { nestRows, selfAndBelow } from './resource-tree.ts';

type Row = Record<string, unknown>;
/** A transaction on the database: write hooks get one and write only through it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The table behind a 'ref' field's target (contract RefTarget): where the referenced rows are and what they are called. */
export interface RefTable {
  table: PgTable;
  id: PgColumn;
  /** The row's label: shown as `<field>_dictText`, written by the export, accepted by the import. */
  label: PgColumn;
  /** Also accepted by the import; the way to name one of several rows with the same label. */
  code?: PgColumn;
  /** What the code is called, for the import's message about a label several rows have (班级编码, 工号). */
  codeLabel?: string;
  /** The rows that can be chosen at all (院系: live departments of type 院系); labels are shown for any row. */
  where?: SQL;
  /** How its rows belong to departments; a caller limited to departments may choose only rows of theirs. Absent: school-wide. */
  scope?: DepartLink;
}

/** Rows of another table that refer to this one: deleting is refused while any do, the message says by what and how many. */
export interface InUseRule {
  table: PgTable;
  column: PgColumn;
  /** The column of the binding's table that the reference holds; the id when absent (a student's records hold its account's id). */
  key?: PgColumn;
  /** subject: 该班级, or 班级“计算机2301” when a batch names its first blocking row. */
  message: (subject: string, count: number) => string;
}

export type RelatedValues = {
  /** What of it each row shows, by API field name. */
  columns: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** Further tables its columns read in subqueries (a student's department): a cached page hears of their changes too. */
  reads?: readonly PgTable[];
  /** Tables its subqueries read that no migration tracks (a user's roles): the list is then read afresh each time, never cached. */
  untracked?: readonly PgTable[];
} & (
  | {
      /**
       * The other table, left-joined where its `on` column equals the binding table's `by` column; or a view (a
       * summary per row), whose tables `reads` names.
       */
      table: PgTable | PgView;
      on: PgColumn;
      by: PgColumn;
    }
  /** No table joined: every column is a subquery of its own (a user's roles). */
  | { table?: undefined }
);

/** The property name of a table's column (the binding names columns; an alias is indexed by name). */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of ${getTableName(table)}`);
  return entry[0];
}

export interface WriteContext {
  userId: string | null;
  /** The departments the caller is limited to, or null when their role reaches every row. */
  departIds: string[] | null;
  /** The binding's own limit on the caller's rows (ResourceBinding.rowReach), if any. */
  rows?: SQL;
  /** The rows come from an import file (an imported account starts with the role of its user type). */
  imported?: boolean;
}

/**
 * A binding may take over the writes of its rows (a teacher's account is written with the teacher). Each runs
 * inside the transaction it is given, the import's whole file in one.
 */
export interface WriteHooks {
  /** Inserts the validated inputs (all of an import at once) and resolves to the new rows' ids, in order. */
  insert?: (tx: Tx, inputs: Row[], context: WriteContext) => Promise<string[]>;
  /** Updates the row (current is the table row) with the validated changes. */
  update?: (tx: Tx, current: Row, changes: Row, context: WriteContext) => Promise<void>;
  /** Deletes the table rows (already checked: in scope, not in use); a table that keeps deleted rows marks them. */
  remove?: (tx: Tx, rows: Row[], context: WriteContext) => Promise<void>;
}

/** How a tree resource's rows (ResourceDescription.tree) answer its tree calls. */
export interface TreeBinding {
  /** Siblings' order (a sort number, then a code). */
  order: readonly SQL[];
  /** A node of the whole tree: the table row with its children's nodes. */
  node: (row: Row, children: object[]) => object;
  /** A node of one level (ResourceTree.api.level): the table row, and whether nothing hangs under it. */
  levelNode?: (row: Row, isLeaf: boolean) => object;
  /** One level is read by choosers in forms everywhere: any logged-in user may read it, not only who may read the list. */
  levelForEveryone?: boolean;
}

/** What a declared action (ResourceDescription.actions, by its path) does to the rows its body names. */
export interface ActionHandler {
  /** The rows the body names: values of a field (the id by default); each must be a row in the caller's reach. */
  rows: (body: Row) => { field?: string; values: string[] };
  /** Refuses the body before any row is read (不能冻结当前登录的账号), or null. */
  refuse?: (body: Row, context: WriteContext) => string | null;
  /** Changes the rows, inside the transaction it is given. */
  run: (tx: Tx, rows: Row[], body: Row, context: WriteContext) => Promise<void>;
  /** The answer's message (冻结成功! or 解冻成功!, as the body asked). */
  message: (body: Row) => string;
}

export interface ResourceBinding {
  resource: ResourceDescription;
  table: PgTable;
  idColumn: PgColumn;
  /** The API row from a table row. */
  toRow: (row: Row) => object;
  /** Refuses deleting rows still referenced: resolves to the message, or null. */
  inUse?: (db: Database, ids: string[]) => Promise<string | null>;
  /** Refuses deleting rows still referenced, declared: one count per rule for the whole batch. */
  usedBy?: readonly InUseRule[];
  /** Checks beyond the schema (a parent that exists, ...): resolves to the message, or null. */
  check?: (db: Database, input: Row, id: string | null) => Promise<string | null>;
  /**
   * Checks beyond the schema for many rows at once, in a few set queries: given every candidate (an import's
   * rows, or the one row of a form; selfId when editing), resolves to the check of one row.
   */
  checkRows?: (db: Database, candidates: Row[], selfId: string | null) => Promise<(input: Row) => RowIssue[]>;
  /** The table of each 'ref' field's target, by field name; every ref field of the description needs one. */
  refs?: Readonly<Record<string, RefTable>>;
  /** How the rows belong to departments; absent: school-wide, a caller limited to departments sees them all. */
  scope?: DepartLink;
  /**
   * With a scope column on the table itself: a row that leaves it blank is the whole school's (a school-wide
   * 实习计划). A caller limited to departments reads such rows, and may not change them (403).
   */
  blankScopeShared?: boolean;
  /**
   * The rows a caller reaches besides the department limit (a student their own placements): a condition, or
   * undefined for every row. A row outside it answers 404 like one that does not exist.
   */
  rowReach?: (request: FastifyRequest) => Promise<SQL | undefined>;
  write?: WriteHooks;
  /**
   * The table's rows are counted in sys_row_count (its migration called sys_track_row_count): an
   * unfiltered page takes its total from there rather than counting thousands of rows each time.
   */
  countedRows?: boolean;
  /** Values of another table shown with each row (a person's account), joined by the row's query. */
  related?: RelatedValues;
  /**
   * The field an import matches rows on (学号): a row whose value a row of the table in the caller's reach
   * already holds is that record, left unchanged and counted; so re-importing a file changes nothing.
   * Without it such a row is refused as taken.
   */
  importMatch?: string;
  /**
   * Search fields without a column of their own (到期提醒, a placement's 班级): the condition of each value they
   * may take, made when the list is asked for (it may read today's date). A value without one matches nothing.
   * A ref field among them is not joined: its value and label (`<field>_dictText`) come with the related values.
   */
  computedSearch?: Readonly<Record<string, (value: string) => SQL | undefined>>;
  /**
   * What a page depends on besides the query and its tables (today's date, when toRow or a computed search
   * reads it): part of the read cache's key, so a page is not served past the day it was read for.
   */
  pageVaries?: () => string;
  /** After an import's rows are stored (its transaction committed): what follows from them (实习预警 checks their programs). */
  afterImport?: (db: Database, ids: string[]) => Promise<void>;
  /**
   * Rows written by a person (a rating by its rater): the column is set to the caller on every insert, never from
   * the input, and only they change or delete the row (others are refused with `message`). `oncePer`: the columns
   * whose values a person's rows may hold only once (one rating per unit and season).
   */
  owner?: { column: PgColumn; message: string; oncePer?: { columns: readonly PgColumn[]; message: string } };
  /** The rows that exist (not marked deleted): every route reads, changes and deletes only these. */
  live?: SQL;
  /** A validated input as it is checked and stored: fields its kind of row does not use cleared, defaults filled in. */
  prepare?: (input: Row) => Row;
  /** The tree calls of a tree resource. */
  tree?: TreeBinding;
  /** What the declared actions do, by their path. */
  actions?: Readonly<Record<string, ActionHandler>>;
  /**
   * PUT edit shares its path with another caller (a person's own profile save): the module registers the path
   * and hands the other bodies to `edit` of what registerResourceRoutes returns.
   */
  editShared?: boolean;
}

/** Blank values of NOT NULL columns are left out, so an insert takes the column's default and an edit keeps the value. */
function storable(table: PgTable, input: Row): Row {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => !((value === null || value === undefined) && columns[name]?.notNull)));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

const searchFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.search);
const refFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.kind === 'ref');
const isBlank = (value: unknown) => value === undefined || value === null || value === '';
const IN_LIST_CHUNK = 5000;
/** The key of a counted total read with a page's rows. */
const PAGE_TOTAL = '__total';

/** Splits a long list, so a query's parameters stay well under PostgreSQL's 65,535. */
function chunks<T>(list: readonly T[], size = IN_LIST_CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < list.length; i += size) result.push(list.slice(i, i + size));
  return result;
}

/** The search a list takes: its search fields, and the computed searches no field shows (a user's 部门, for API callers). */
const searchNames = (resource: ResourceDescription, computed: Readonly<Record<string, unknown>>) => [...new Set([...searchFields(resource).map((f) => f.name), ...Object.keys(computed)])];

function listQuerySchema(resource: ResourceDescription, computed: Readonly<Record<string, unknown>>) {
  return z.extend(pageQuerySchema, Object.fromEntries(searchNames(resource, computed).map((name) => [name, z.optional(z.string().check(z.maxLength(100)))])));
}

/** A table's column by the field's name; a field without a column is a programming error caught at start. */
function columnOf(table: PgTable, name: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[name];
  if (!column) throw new Error(`resource field ${name} has no column in its table`);
  return column;
}

/** The field name (the table row's key) of a column of the table. */
function fieldOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table) as Record<string, PgColumn>).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in the binding's table`);
  return entry[0];
}

/** The values a form field may hold, as label → value, for Excel (dictionaries and fixed choices). */
async function choiceMaps(db: Database, fields: readonly ResourceField[]): Promise<Map<string, Map<string, string>>> {
  const maps = new Map<string, Map<string, string>>();
  for (const field of fields) {
    if (field.kind === 'select' && field.options) maps.set(field.name, new Map(field.options.map((o) => [o.label, o.value])));
    if (field.kind === 'dict' && field.dictCode) {
      const items = await db
        .select({ text: sysDictItem.itemText, value: sysDictItem.itemValue })
        .from(sysDictItem)
        .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
        .where(eq(sysDict.dictCode, field.dictCode))
        .orderBy(asc(sysDictItem.sortOrder));
      maps.set(field.name, new Map(items.map((i) => [i.text, i.value])));
    }
  }
  return maps;
}

/** The refusal of each unique field (ResourceField.unique) whose value another row holds. */
async function takenMessages(db: Database, table: PgTable, idColumn: PgColumn, resource: ResourceDescription, input: Row, selfId: string | null): Promise<RowIssue[]> {
  const refusals: RowIssue[] = [];
  for (const field of resource.fields.filter((f) => f.unique)) {
    const value = input[field.name];
    if (value === undefined || value === null || value === '') continue;
    const column = columnOf(table, field.name);
    const [taken] = await db
      .select({ n: count() })
      .from(table)
      .where(selfId ? and(eq(column, value), ne(idColumn, selfId)) : eq(column, value));
    if ((taken?.n ?? 0) > 0) refusals.push({ field: field.name, message: uniqueMessage(field) });
  }
  return refusals;
}

/** The refusal for the first unique field whose value another row holds, or null (a form's save names one). */
async function takenMessage(db: Database, table: PgTable, idColumn: PgColumn, resource: ResourceDescription, input: Row, selfId: string | null) {
  return (await takenMessages(db, table, idColumn, resource, input, selfId))[0]?.message ?? null;
}

/** Of the given values, those a column holds: one query per few thousand values. */
async function heldValues(db: Database, table: PgTable, column: PgColumn, values: readonly string[], where?: SQL): Promise<Set<string>> {
  const held = new Set<string>();
  for (const part of chunks([...new Set(values)])) {
    const rows = await db.select({ value: column }).from(table).where(and(inArray(column, part), where));
    for (const row of rows) held.add(String(row.value));
  }
  return held;
}

/** A tree resource's reads and checks (ResourceDescription.tree), or null for a plain resource. */
function treeModel(db: Database, binding: ResourceBinding, idField: string) {
  const { resource, table, idColumn } = binding;
  const tree = resource.tree;
  if (!tree) return null;
  if (!binding.tree) throw new Error(`tree resource ${resource.key} has no tree in its binding (ResourceBinding.tree)`);
  const { order } = binding.tree;
  const parentColumn = columnOf(table, tree.parentField);
  const keys = { id: idField, parent: tree.parentField };
  /** The live rows a condition picks, siblings in their order. */
  const rows = async (where?: SQL) =>
    (await db
      .select()
      .from(table)
      .where(and(binding.live, where))
      .orderBy(...order)) as Row[];
  return {
    description: tree,
    keys,
    parentColumn,
    rows,
    /** Why the input's parent cannot be its parent (none such, a leaf, the row itself or one under it), or null. */
    async parentRefusal(input: Row, selfId: string | null): Promise<string | null> {
      const parentId = input[tree.parentField];
      if (isBlank(parentId)) return null;
      const all = await rows();
      const parent = all.find((r) => r[idField] === parentId);
      if (!parent) return tree.parentMessages.missing;
      if (tree.leaf?.when(parent)) return tree.leaf.message;
      return selfId && selfAndBelow(all, keys, selfId).has(String(parentId)) ? tree.parentMessages.cycle : null;
    },
    /** The refusal of deleting rows while a row outside the batch still hangs under one of them, or null. */
    async childrenRefusal(ids: string[]): Promise<string | null> {
      const [child] = await db
        .select({ id: idColumn })
        .from(table)
        .where(and(binding.live, inArray(parentColumn, ids), notInArray(idColumn, ids)))
        .limit(1);
      return child ? tree.hasChildrenMessage : null;
    },
  };
}

/**
 * What every route of a resource shares, built once from its binding: the caller's reach, the labelled
 * reads, the checks of an input, the inserts, the list's order and total, and the matching ids.
 */
async function resourceModel(app: App, binding: ResourceBinding) {
  const { db } = app;
  const { resource, table, idColumn, toRow } = binding;
  const { permissions } = resource;
  // A binding that limits rows by relation (its rowReach) reads placements: its routes say so, and may ask the relation model.
  const access = (permission: string | undefined) => ({ permission: permission ?? permissions.list, scope: binding.rowReach ? ('placement' as const) : ('all' as const) });
  const computed = binding.computedSearch ?? {};
  for (const field of [...searchFields(resource).filter((f) => !(f.name in computed)), ...resource.fields.filter((f) => typeof f.list === 'object' && f.list.sortable)]) columnOf(table, field.name);
  const titleColumn = columnOf(table, resource.titleField);
  const idField = fieldOf(table, idColumn);
  // A ref field with a computed search has no column of its own: its value and label come with the related values.
  const refs = refFields(resource)
    .filter((field) => !(field.name in computed))
    .map((field) => {
      const target = binding.refs?.[field.name];
      if (!target) throw new Error(`ref field ${resource.key}.${field.name} has no table in its binding (ResourceBinding.refs)`);
      return { field, target, title: field.ref?.title ?? field.label };
    });
  const scopeField = binding.scope ? fieldOf(table, binding.scope.column) : null;
  const needsScope = Boolean(binding.scope) || refs.some((r) => r.target.scope);
  const matchField = binding.importMatch ? resource.fields.find((f) => f.name === binding.importMatch) : undefined;
  if (binding.importMatch && !matchField) throw new Error(`importMatch ${binding.importMatch} is not a field of ${resource.key}`);

  const contextOf = async (request: FastifyRequest): Promise<WriteContext> => ({
    userId: request.auth?.userId ?? null,
    departIds: needsScope ? await departScopeOf(db, request.auth) : null,
    rows: binding.rowReach ? await binding.rowReach(request) : undefined,
  });
  /** The caller's rows, of those that exist: all of them, or those of their departments (and the school's, when shared). */
  const reach = ({ departIds, rows }: WriteContext): SQL | undefined => {
    if (!departIds || !binding.scope) return and(binding.live, rows);
    const own = inDeparts(binding.scope, departIds);
    return and(binding.live, binding.blankScopeShared ? or(own, isNull(binding.scope.column)) : own, rows);
  };
  const ownerField = binding.owner && fieldOf(table, binding.owner.column);
  /** A row the caller reads but may not change: a school-wide one for a caller limited to departments, another person's own. */
  const readOnlyRefusal = (rows: Row[], { departIds, userId }: WriteContext) => {
    if (binding.blankScopeShared && departIds && scopeField && rows.some((row) => isBlank(row[scopeField]))) throw forbidden(SCOPE_MSG.own(resource.title));
    if (binding.owner && rows.some((row) => row[ownerField!] !== userId)) throw forbidden(binding.owner.message);
  };
  /** The caller's row that already holds the values a person may hold once (ResourceBinding.owner.oncePer), other than id. */
  const heldOnce = async (input: Row, id: string | null, userId: string | null) => {
    const once = binding.owner?.oncePer;
    if (!once) return false;
    const same = once.columns.map((column) => eq(column, input[fieldOf(table, column)]));
    const [held] = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(eq(binding.owner!.column, userId ?? ''), ...same, id ? ne(idColumn, id) : undefined))
      .limit(1);
    return Boolean(held);
  };

  /**
   * The table's columns, each ref's label and the related values, read by one query: each ref's table is
   * left-joined under an alias of its own (so a table may refer to itself), and so is the related table.
   * Joins rather than correlated subqueries: PGlite runs a subquery per row several times slower.
   */
  const refJoins = refs.map(({ field, target }, index) => {
    const joined = alias(target.table, `ref_${index}`) as PgTable;
    const aliased = (column: PgColumn) => (getTableColumns(joined) as Record<string, PgColumn>)[columnKey(target.table, column)]!;
    return { joined, on: eq(aliased(target.id), columnOf(table, field.name)), key: refTextKey(field.name), label: aliased(target.label) };
  });
  const related = binding.related;
  const labelled = {
    ...getTableColumns(table),
    ...related?.columns,
    ...Object.fromEntries(refJoins.map(({ key, label }) => [key, label])),
  };
  const selectLabelled = (fields: Record<string, PgColumn | SQL | SQL.Aliased>) => {
    let query: PgSelect = db.select(fields).from(table).$dynamic();
    for (const { joined, on } of refJoins) query = query.leftJoin(joined, on);
    if (related?.table) query = query.leftJoin(related.table, eq(related.on, related.by));
    return query;
  };
  const rowById = async (id: string) => (await selectLabelled(labelled).where(eq(idColumn, id)).limit(1))[0] as Row;

  const findById = async (id: string, context: WriteContext) => {
    const [row] = await selectLabelled(labelled)
      .where(and(eq(idColumn, id), reach(context)))
      .limit(1);
    return row as Row | undefined;
  };

  /** API rows of rows read with their labels and related values (labelled). */
  const shownKeys = [...refJoins.map(({ key }) => key), ...Object.keys(related?.columns ?? {})];
  const present = (labelledRows: Row[]): Row[] =>
    labelledRows.map(({ [PAGE_TOTAL]: _total, ...labelledRow }) => {
      const row = toRow(labelledRow) as Row;
      for (const key of shownKeys) row[key] = labelledRow[key] ?? null;
      return row;
    });

  /** A blank ref, date or parent is none (null), whatever the form or the file sent: no column of theirs takes ''. */
  const blankToNull = [...resource.fields.filter((f) => f.kind === 'ref' || f.kind === 'date').map((f) => f.name), ...(resource.tree ? [resource.tree.parentField] : [])];
  const normalized = (input: Row): Row => {
    const result = { ...input };
    for (const name of blankToNull) if (result[name] === '') result[name] = null;
    return binding.prepare ? binding.prepare(result) : result;
  };

  const tree = treeModel(db, binding, idField);

  /** The first ref of the input that names no row (400) or a row outside the caller's departments (403). */
  const refRefusal = async (input: Row, { departIds }: WriteContext): Promise<HttpError | null> => {
    for (const { field, target, title } of refs) {
      const value = input[field.name];
      if (isBlank(value)) continue;
      const scoped = departIds && target.scope ? inDeparts(target.scope, departIds) : sql`true`;
      const [row] = await db
        .select({ inScope: sql<boolean>`${scoped}` })
        .from(target.table)
        .where(and(eq(target.id, value), target.where))
        .limit(1);
      if (!row) return badRequest(`所选${title}不存在`);
      if (!row.inScope) return forbidden(SCOPE_MSG.outside(title));
    }
    return null;
  };

  const validate = async (input: Row, current: Row | null, context: WriteContext) => {
    const id = current ? String(current[idField]) : null;
    if (current) {
      const fixed = resource.fields.find((f) => f.readOnlyOnEdit && input[f.name] !== undefined && input[f.name] !== current[f.name]);
      if (fixed) throw badRequest(`${fixed.label}不能修改`);
    }
    const taken = await takenMessage(db, table, idColumn, resource, input, id);
    if (taken) throw badRequest(taken);
    const refused = await refRefusal(input, context);
    if (refused) throw refused;
    if (context.departIds && scopeField && isBlank(input[scopeField])) throw forbidden(SCOPE_MSG.own(resource.title));
    const misplaced = tree ? await tree.parentRefusal(input, id) : null;
    if (misplaced) throw badRequest(misplaced);
    if (binding.checkRows) {
      const [issue] = (await binding.checkRows(db, [input], id))(input);
      if (issue) throw badRequest(issue.message);
    }
    const refusal = binding.check ? await binding.check(db, input, id) : null;
    if (refusal) throw badRequest(refusal);
    if (await heldOnce({ ...current, ...input }, id, context.userId)) throw badRequest(binding.owner!.oncePer!.message);
  };

  const insertRows = async (tx: Tx, inputs: Row[], context: WriteContext): Promise<string[]> => {
    if (binding.write?.insert) return binding.write.insert(tx, inputs, context);
    if (ownerField) inputs = inputs.map((input) => ({ ...input, [ownerField]: context.userId }));
    const ids: string[] = [];
    // A few hundred rows a statement keeps its parameters well under PostgreSQL's limit.
    for (const part of chunks(inputs, 500)) ids.push(...(await tx.insert(table).values(part).returning({ id: idColumn })).map((r) => String(r.id)));
    return ids;
  };

  const pinyin = await hasPinyinCollation(db);
  /** A name sorts by pinyin where the database can (PINYIN_COLLATION); codes, numbers and dates as they are. */
  const sortKey = (name: string): PgColumn | SQL => {
    const column = columnOf(table, name);
    const field = resource.fields.find((f) => f.name === name);
    return pinyin && field && sortsAsName(field) ? sql`${column} collate ${sql.identifier(PINYIN_COLLATION)}` : column;
  };
  /** A list's order (by default the title) and its tie-break by id, both one way, so an index on (column, id) serves either. */
  const listOrder = (sortBy: ResourceDescription['defaultSort']): SQL[] => {
    const by = sortBy?.order === 'desc' ? desc : asc;
    return [by(sortKey(sortBy?.field ?? resource.titleField)), by(idColumn)];
  };

  const tableName = getTableName(table);
  if (binding.countedRows) {
    if ((await db.select().from(sysRowCount).where(eq(sysRowCount.tableName, tableName))).length === 0) {
      throw new Error(`${tableName} is declared countedRows, but no migration called sys_track_row_count('${tableName}')`);
    }
    await requireOrderIndex(db, tableName, resource.defaultSort ? columnOf(table, resource.defaultSort.field).name : titleColumn.name, idColumn.name, resource.key);
  }
  const countedTotal = sql<number>`(select ${sysRowCount.n} from ${sysRowCount} where ${sysRowCount.tableName} = ${tableName})`;
  /** The total of a page whose rows are all the table's rows, or of a search; riding on the page query when counted. */
  const totalOf = async (where: SQL | undefined, page: Row[]): Promise<number> => {
    if (where || !binding.countedRows) return (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
    if (page.length > 0) return Number(page[0]![PAGE_TOTAL]);
    return (await db.select({ n: sysRowCount.n }).from(sysRowCount).where(eq(sysRowCount.tableName, tableName)))[0]?.n ?? 0;
  };

  /**
   * The tables a page of the list is read from: pages are kept in the read cache under them, and let go of
   * when one changes. None for a binding with a rowReach, whose condition may read any table, or whose related
   * values read a table no migration tracks, and none where the tree is the list.
   */
  // A tree whose whole tree is at the list's address (菜单管理's /sys/permission/list) answers the tree there, not pages.
  const pagedList = resource.tree?.api.tree !== resourceUrl(resource, 'list');
  const listTables =
    !pagedList || binding.rowReach || related?.untracked?.length
      ? null
      : [
          ...new Set([
            tableName,
            ...refs.map((r) => getTableName(r.target.table)),
            ...[...(related?.table ? [related.table] : []), ...(related?.reads ?? [])].flatMap((t) => (is(t, PgTable) ? [getTableName(t)] : [])),
            ...(binding.countedRows ? [getTableName(sysRowCount)] : []),
            ...scopeTables(binding.scope),
          ]),
        ];
  if (listTables) await requireTrackedTables(db, listTables, resource.key);

  const listQuery = listQuerySchema(resource, computed);
  const columns = importFields(resource);

  async function listPage(query: Row & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' }, context: WriteContext): Promise<PageResult<object>> {
    const where = and(...searchConditions(table, resource, query, computed), reach(context));
    const sortField = resource.fields.find((f) => f.name === query.column && typeof f.list === 'object' && f.list.sortable);
    const sortBy = sortField ? { field: sortField.name, order: query.order ?? 'asc' } : resource.defaultSort;
    const order = listOrder(sortBy);
    const withTotal = !where && binding.countedRows;
    // The page's ids first, from the table alone: a deep page skips its offset's rows on the index instead of
    // joining every skipped row to its labels (page 1,000 of 20,000 students took half a second).
    const pageIds = db
      .select({ pageId: sql<string>`${idColumn}`.as('page_id') })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .as('page_ids');
    const pageQuery = selectLabelled(withTotal ? { ...labelled, [PAGE_TOTAL]: countedTotal } : labelled)
      .innerJoin(pageIds, eq(pageIds.pageId, idColumn))
      .orderBy(...order);
    // A search's count runs beside its page (on PostgreSQL, on another connection).
    const [page, searchedTotal] = await Promise.all([pageQuery as Promise<Row[]>, withTotal ? null : totalOf(where, [])]);
    const total = searchedTotal ?? (await totalOf(where, page));
    return { records: present(page), total, current: query.pageNo, size: query.pageSize };
  }

  /** The ids of every row the list's search matches in the caller's reach: a batch action on 全部符合条件的记录. */
  const matchingIds = async (request: FastifyRequest, search: Row): Promise<string[]> => {
    const rows = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(...searchConditions(table, resource, search, computed), reach(await contextOf(request))));
    return rows.map((r) => String(r.id));
  };
  return { binding, access, computed, idField, refs, scopeField, matchField, contextOf, reach, readOnlyRefusal, labelled, selectLabelled, rowById, findById, present, normalized, validate, insertRows, listOrder, pagedList, listTables, listQuery, columns, listPage, matchingIds, tree, db, resource, table, idColumn, permissions };
}
type ResourceModel = Awaited<ReturnType<typeof resourceModel>>;

/** The list (a page, searched, in the caller's reach, cached) and one row by id. */
function registerResourceReads(app: App, { binding, access, contextOf, findById, present, pagedList, listTables, listQuery, listPage, resource, permissions }: ResourceModel) {
  if (pagedList) {
    app.get(resourceUrl(resource, 'list'), { config: { access: access(permissions.list) }, schema: { querystring: listQuery } }, async (request) => {
      const query = request.query as Row & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };
      const context = await contextOf(request);
      const readPage = () => listPage(query, context);
      // Big pages (an export-sized pageSize) are read each time rather than held.
      if (!listTables || !app.config.readCache || query.pageSize > CACHED_PAGE_SIZE_MAX) return ok(await readPage());
      const key = `${resource.key}\u0000${context.departIds?.join(',') ?? '*'}\u0000${binding.pageVaries?.() ?? ''}\u0000${JSON.stringify(query)}`;
      return ok(await app.readCache.through(key, listTables, readPage));
    });
  }

  app.get(resourceUrl(resource, 'queryById'), { config: { access: access(permissions.list) }, schema: { querystring: idQuerySchema } }, async (request) => {
    const row = await findById(request.query.id, await contextOf(request));
    if (!row) throw notFound(`${resource.title}不存在`);
    return ok(present([row])[0]);
  });
}

/** GETs carry the client's timestamp (_t, SPEC.md section 7). */
const timestampQuery = z.object({ _t: z.optional(z.string()) });

/** A tree's reads (ResourceDescription.tree): the whole tree, one level for choosers, and its search. */
function registerTreeReads(app: App, { binding, access, tree, db, resource, table, idColumn, permissions }: ResourceModel) {
  if (!tree || !binding.tree) return;
  const { node, levelNode, levelForEveryone } = binding.tree;
  const { api, search } = tree.description;
  app.get(api.tree, { config: { access: access(permissions.list) }, schema: { querystring: timestampQuery } }, async () => ok(nestRows(await tree.rows(), tree.keys, node)));

  if (api.search && search) {
    const columns = search.fields.map((name) => columnOf(table, name));
    app.get(api.search, { config: { access: access(permissions.list) }, schema: { querystring: treeSearchQuerySchema } }, async (request) => {
      const pattern = likePattern(request.query.keyWord.trim());
      return ok((await tree.rows(or(...columns.map((column) => ilike(column, pattern))))).map((row) => node(row, [])));
    });
  }

  if (api.level && levelNode) {
    const { url, param, field } = api.level;
    const byColumn = columnOf(table, field);
    const levelQuery = z.object({ [param]: z.optional(z.string().check(z.maxLength(64, `${resource.title}不存在`))), _t: z.optional(z.string()) });
    const levelAccess = levelForEveryone ? { permission: null, scope: 'all' as const } : access(permissions.list);
    app.get(url, { config: { access: levelAccess }, schema: { querystring: levelQuery } }, async (request) => {
      const named = (request.query as Record<string, string | undefined>)[param]?.trim();
      let parentId: string | null = null;
      if (named) {
        const [parent] = await db
          .select({ id: idColumn })
          .from(table)
          .where(and(eq(byColumn, named), binding.live))
          .limit(1);
        if (!parent) throw notFound(`${resource.title}不存在`);
        parentId = String(parent.id);
      }
      const rows = await tree.rows(parentId ? eq(tree.parentColumn, parentId) : isNull(tree.parentColumn));
      const ids = rows.map((r) => String(r[tree.keys.id]));
      const parents =
        ids.length === 0
          ? []
          : await db
              .selectDistinct({ parent: tree.parentColumn })
              .from(table)
              .where(and(binding.live, inArray(tree.parentColumn, ids)));
      const withChildren = new Set(parents.map((p) => p.parent));
      return ok(rows.map((row) => levelNode(row, !withChildren.has(String(row[tree.keys.id])))));
    });
  }
}

/**
 * The declared actions (ResourceDescription.actions), one route per path (冻结 and 解冻 share theirs): the body
 * checked by the action's schema, the rows it names found in the caller's reach (404 when one is not), and the
 * binding's handler run on them in one transaction.
 */
function registerResourceActions(app: App, { binding, access, idField, contextOf, reach, db, resource, table }: ResourceModel) {
  const byPath = new Map<string, ResourceAction[]>();
  for (const action of resource.actions ?? []) byPath.set(action.path, [...(byPath.get(action.path) ?? []), action]);
  for (const [path, [first, ...others]] of byPath) {
    const handler = binding.actions?.[path];
    if (!handler) throw new Error(`action ${path} of ${resource.key} has no handler in its binding (ResourceBinding.actions)`);
    if (others.some((a) => a.permission !== first!.permission || a.schema !== first!.schema)) throw new Error(`the actions at ${path} of ${resource.key} differ in permission or schema`);
    app.put(path, { config: { access: access(first!.permission) }, schema: { body: first!.schema } }, async (request) => {
      const body = request.body as Row;
      const context = await contextOf(request);
      const refusal = handler.refuse?.(body, context);
      if (refusal) throw badRequest(refusal);
      const { field = idField, values } = handler.rows(body);
      const named = [...new Set(values)];
      const rows = (await db
        .select()
        .from(table)
        .where(and(inArray(columnOf(table, field), named), reach(context)))) as Row[];
      if (rows.length !== named.length) throw notFound(`${resource.title}不存在`);
      await db.transaction((tx) => handler.run(tx, rows, body, context));
      return ok(null, handler.message(body));
    });
  }
}

/** 添加, 编辑 and 删除 where the resource has their codes. */
function registerResourceWrites(app: App, { binding, access, idField, contextOf, reach, readOnlyRefusal, rowById, findById, present, normalized, validate, insertRows, tree, db, resource, table, idColumn, permissions }: ResourceModel) {
  if (permissions.add) {
    app.post(resourceUrl(resource, 'add'), { config: { access: access(permissions.add) }, schema: { body: resource.createSchema } }, async (request) => {
      const context = await contextOf(request);
      const input = normalized(request.body as Row);
      await validate(input, null, context);
      const [id] = await db.transaction((tx) => insertRows(tx, [storable(table, input)], context));
      return ok(present([await rowById(id!)])[0], '添加成功！');
    });
  }

  /** 编辑: a body the edit schema has taken. */
  const edit = async (request: FastifyRequest, { id, ...body }: Row & { id: string }) => {
    const context = await contextOf(request);
    const input = normalized(body);
    const current = await findById(id, context);
    if (!current) throw notFound(`${resource.title}不存在`);
    readOnlyRefusal([current], context);
    await validate(input, current, context);
    const changes = 'updatedAt' in getTableColumns(table) ? { ...storable(table, input), updatedAt: new Date() } : storable(table, input);
    await db.transaction(async (tx) => {
      if (binding.write?.update) await binding.write.update(tx, current, changes, context);
      else await tx.update(table).set(changes).where(eq(idColumn, id));
    });
    return ok(present([await rowById(id)])[0], '编辑成功！');
  };
  if (permissions.edit && !binding.editShared) {
    app.put(resourceUrl(resource, 'edit'), { config: { access: access(permissions.edit) }, schema: { body: resource.editSchema } }, (request) => edit(request, request.body as Row & { id: string }));
  }

  if (permissions.remove) {
    /** The first row (in the order asked) that another table still refers to, as the rule's message. */
    const usedByRefusal = async (rows: Row[], ids: string[]): Promise<string | null> => {
      const counts = [];
      for (const rule of binding.usedBy ?? []) {
        const keyField = rule.key ? fieldOf(table, rule.key) : idField;
        const keys = rows.map((r) => r[keyField]).filter((v): v is string => typeof v === 'string');
        const found = await db
          .select({ key: rule.column, n: count() })
          .from(rule.table)
          .where(inArray(rule.column, keys))
          .groupBy(rule.column);
        counts.push({ rule, keyField, byKey: new Map(found.map((f) => [String(f.key), f.n])) });
      }
      for (const id of ids) {
        const row = rows.find((r) => r[idField] === id)!;
        for (const { rule, keyField, byKey } of counts) {
          const n = byKey.get(String(row[keyField])) ?? 0;
          if (n > 0) return rule.message(ids.length === 1 ? `该${resource.title}` : `${resource.title}“${String(row[resource.titleField])}”`, n);
        }
      }
      return null;
    };
    const remove = async (ids: string[], context: WriteContext) => {
      const found = (await db
        .select()
        .from(table)
        .where(and(inArray(idColumn, ids), reach(context)))) as Row[];
      if (found.length !== ids.length) throw notFound(`${resource.title}不存在`);
      readOnlyRefusal(found, context);
      const refusal = (tree ? await tree.childrenRefusal(ids) : null) ?? (binding.inUse ? await binding.inUse(db, ids) : null) ?? (await usedByRefusal(found, ids));
      if (refusal) throw badRequest(refusal);
      await db.transaction(async (tx) => {
        if (binding.write?.remove) await binding.write.remove(tx, found, context);
        else await tx.delete(table).where(inArray(idColumn, ids));
      });
    };
    app.delete(resourceUrl(resource, 'delete'), { config: { access: access(permissions.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
      await remove([request.query.id], await contextOf(request));
      return ok(null, '删除成功!');
    });
    app.delete(resourceUrl(resource, 'deleteBatch'), { config: { access: access(permissions.remove) }, schema: { querystring: idsQuerySchema } }, async (request) => {
      const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw badRequest('请选择要删除的数据');
      await remove(ids, await contextOf(request));
      return ok(null, '删除成功!');
    });
  }

  /** 编辑 for a module that registers the shared path itself (ResourceBinding.editShared): the body checked here. */
  return async (request: FastifyRequest, body: unknown) => {
    const parsed = resource.editSchema.safeParse(body);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '数据格式不正确');
    return edit(request, parsed.data as Row & { id: string });
  };
}

/** 导出 (the list's search as a workbook) and the empty 导入模板. */
function registerResourceExport(app: App, { access, computed, contextOf, reach, labelled, selectLabelled, present, listOrder, listQuery, columns, db, resource, table, permissions }: ResourceModel) {
  if (permissions.export) {
    const shown = exportFields(resource);
    const exportQuery = z.extend(listQuery, { exportType: z.optional(z.literal('empty')) });
    app.get(resourceUrl(resource, 'exportXls'), { config: { access: access(permissions.export) }, schema: { querystring: exportQuery } }, async (request, reply) => {
      const query = request.query as Row & { exportType?: 'empty' };
      if (query.exportType === 'empty') return sendWorkbook(reply, `${resource.title}导入模板`, buildTemplate(resource.title, excelColumns(columns, importSchemaOf(resource))));
      const labels = new Map([...(await choiceMaps(db, shown))].map(([field, map]) => [field, new Map([...map].map(([label, value]) => [value, label]))]));
      const where = and(...searchConditions(table, resource, query, computed), reach(await contextOf(request)));
      const rows = present((await selectLabelled(labelled).where(where).orderBy(...listOrder(resource.defaultSort))) as Row[]);
      const cells = rows.map((row) => shown.map((f) => excelCell(f, f.kind === 'ref' ? row[refTextKey(f.name)] : row[f.name], labels.get(f.name))));
      return sendWorkbook(reply, resource.title, await buildWorkbook(resource.title, shown.map((f) => ({ header: excelHeader(f) })), cells));
    });
  }
}

/** 导入: a workbook's rows checked as a whole and stored in one transaction. */
async function registerResourceImport(app: App, { binding, access, refs, scopeField, matchField, contextOf, reach, normalized, insertRows, columns, db, resource, table, permissions }: ResourceModel) {
  if (permissions.import) {
    /**
     * Each import ref column's cells as ids: a cell may hold the target's code or its label (one query per ref
     * column for the whole file). A label several rows have is refused unless only one is in the caller's reach.
     */
    const refReaders = async (records: readonly { values: Record<string, string> }[], { departIds }: WriteContext) => {
      const readers = new Map<string, (text: string, issues: RowIssue[]) => string | null>();
      for (const { field, target, title } of refs.filter((r) => r.field.excel)) {
        const texts = [...new Set(records.map((r) => r.values[excelHeader(field)] ?? '').filter((t) => t !== ''))];
        const scoped = departIds && target.scope ? inDeparts(target.scope, departIds) : sql`true`;
        const byCode = new Map<string, { id: string; inScope: boolean }>();
        const byLabel = new Map<string, { id: string; inScope: boolean }[]>();
        for (const part of chunks(texts)) {
          const named = target.code ? sql`(${inArray(target.label, part)} or ${inArray(target.code, part)})` : inArray(target.label, part);
          const found = await db
            .select({ id: target.id, label: target.label, code: target.code ?? target.label, inScope: sql<boolean>`${scoped}` })
            .from(target.table)
            .where(and(named, target.where));
          for (const f of found) {
            const candidate = { id: String(f.id), inScope: Boolean(f.inScope) };
            if (target.code) byCode.set(String(f.code), candidate);
            byLabel.set(String(f.label), [...(byLabel.get(String(f.label)) ?? []), candidate]);
          }
        }
        readers.set(field.name, (text, issues) => {
          if (text === '') return null;
          const code = byCode.get(text);
          const candidates = code ? [code] : (byLabel.get(text) ?? []);
          const reachable = candidates.filter((c) => c.inScope);
          const choice = reachable.length > 0 ? reachable : candidates;
          if (choice.length === 0) issues.push({ field: field.name, message: `${field.label}“${text}”不存在` });
          else if (choice.length > 1) issues.push({ field: field.name, message: `${field.label}“${text}”有多个同名${title}，请填写${target.codeLabel ?? '编码'}` });
          else if (!choice[0]!.inScope) issues.push({ field: field.name, message: `${field.label}“${text}”不在您管理的院系内` });
          else return choice[0]!.id;
          return null;
        });
      }
      return readers;
    };

    const schema = importSchemaOf(resource);
    await app.register(async (scoped) => {
      await scoped.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
      scoped.post(resourceUrl(resource, 'importExcel'), { config: { access: access(permissions.import) } }, app.imports.route(excelColumns(columns, schema), async (request, records) => {
        if (records.length === 0) throw badRequest('Excel文件中没有数据');
        const context = await contextOf(request);
        const [choices, readers] = await Promise.all([choiceMaps(db, columns), refReaders(records, context)]);
        const rows = records.map(({ row, values }): ImportRow => {
          const cellIssues: RowIssue[] = [];
          const raw = Object.fromEntries(
            columns.map((f) => {
              const text = values[excelHeader(f)] ?? '';
              const reader = readers.get(f.name);
              return [f.name, reader ? reader(text, cellIssues) : importValue(f, text, choices.get(f.name), cellIssues)];
            }),
          );
          return { row, raw, cellIssues };
        });

        // The whole file's unique values and matches in a few set queries, not a query per row and field.
        const raws = rows.map((r) => r.raw);
        const texts = (name: string) => raws.map((r) => r[name]).filter((v) => !isBlank(v)).map(String);
        const matched = matchField ? await heldValues(db, table, columnOf(table, matchField.name), texts(matchField.name), reach(context)) : new Set<string>();
        const isMatched = (input: Row) => matchField !== undefined && matched.has(String(input[matchField.name]));
        const taken = new Map<string, Set<string>>();
        for (const field of resource.fields.filter((f) => f.unique && f.excel)) taken.set(field.name, await heldValues(db, table, columnOf(table, field.name), texts(field.name)));
        const rowCheck = binding.checkRows ? await binding.checkRows(db, raws.filter((r) => !isMatched(r)), null) : null;
        const seen = new Map<string, Set<string>>();

        // All or nothing: a file with any bad row changes nothing, and the report names every problem of every bad row.
        const check = async (input: Row): Promise<RowIssue[]> => {
          const issues: RowIssue[] = [];
          const existing = isMatched(input);
          for (const field of resource.fields.filter((f) => f.unique && f.excel)) {
            const value = input[field.name];
            if (isBlank(value)) continue;
            const values = seen.get(field.name) ?? new Set<string>();
            seen.set(field.name, values);
            if (values.has(String(value))) issues.push({ field: field.name, message: `${uniqueMessage(field)}（文件中重复）` });
            else if (!existing && taken.get(field.name)?.has(String(value))) issues.push({ field: field.name, message: uniqueMessage(field) });
            values.add(String(value));
          }
          if (existing) return issues;
          // A field the row's other checks refused is absent from the input; one that is there and blank puts the row in no department.
          if (context.departIds && scopeField && scopeField in input && isBlank(input[scopeField])) {
            issues.push({ field: scopeField, message: SCOPE_MSG.own(resource.title) });
          }
          // A field already refused (学号已存在) is not refused again for the same value (学号已被其他账号使用).
          if (rowCheck) issues.push(...rowCheck(input).filter((issue) => !issue.field || !issues.some((i) => i.field === issue.field)));
          const refusal = binding.check ? await binding.check(db, input, null) : null;
          return refusal ? [...issues, { message: refusal }] : issues;
        };
        // A row of another department is one more bad row of the file (400, in the report): a 403 would be shown as
        // 拒绝访问 alone, losing which rows and why (SPEC section 8).
        const inputs = await checkImportRows<Row>(rows, { fields: columns.map((f) => ({ ...f, label: excelHeader(f) })), schema, after: check });
        const fresh = inputs.filter((input) => !isMatched(input));
        if (fresh.length > 0) {
          const ids = await db.transaction((tx) => insertRows(tx, fresh.map((input) => storable(table, normalized(input))), { ...context, imported: true }));
          // The rows are stored whatever follows; a failure here is logged, and the daily jobs catch up.
          await binding.afterImport?.(db, ids).catch((error: unknown) => request.log.error({ err: error }, `${resource.key}: afterImport failed`));
        }
        const kept = inputs.length - fresh.length;
        return ok(null, kept > 0 ? `导入成功，新增${fresh.length}条，${kept}条已存在（按${matchField!.label}匹配，未修改）` : `导入成功，共${inputs.length}条`);
      }));
    });
  }
}

/**
 * The routes of a resource, JeecgBoot style: list, queryById, add, edit, delete, deleteBatch and, when the
 * resource names their codes, exportXls and importExcel; a tree's reads; the declared actions. Each declares
 * its permission code. What a binding declares (refs, scope, usedBy, live, write hooks) applies to every one.
 */
export async function registerResourceRoutes(app: App, binding: ResourceBinding) {
  const model = await resourceModel(app, binding);
  registerResourceReads(app, model);
  registerTreeReads(app, model);
  const edit = registerResourceWrites(app, model);
  registerResourceActions(app, model);
  registerResourceExport(app, model);
  await registerResourceImport(app, model);
  return { matchingIds: model.matchingIds, edit };
}

/** The largest page the read cache holds. */
const CACHED_PAGE_SIZE_MAX = 100;

/** The tables a department condition reads besides the row's own (a student's class and its major). */
function scopeTables(link: DepartLink | undefined): string[] {
  const tables: string[] = [];
  for (let parent = link?.parent; parent; parent = parent.link.parent) tables.push(getTableName(parent.table));
  return tables;
}

/**
 * ICU's Chinese collation, which orders 汉字 by pinyin (阿, 李, 王, 张). PostgreSQL built with ICU (the Debian and
 * Docker builds) has it. PGlite (0.5, PostgreSQL 18 in WebAssembly) does not: its ICU has no locale data, its
 * pg_collation holds only und-x-icu and unicode, and even a collation created with locale 'zh' orders 汉字 by
 * code point. There the lists keep the database's own order, by code point (张, 李, 王, 阿).
 */
const PINYIN_COLLATION = 'zh-x-icu';
const pinyinCollations = new WeakMap<Database, Promise<boolean>>();
function hasPinyinCollation(db: Database): Promise<boolean> {
  if (!pinyinCollations.has(db)) {
    const found = db.execute(sql`select 1 from pg_collation where collname = ${PINYIN_COLLATION}`) as unknown as Promise<{ rows: unknown[] }>;
    pinyinCollations.set(db, found.then((result) => result.rows.length > 0));
  }
  return pinyinCollations.get(db)!;
}
/** Text that names something (a person, a unit), not a code: 学号 and 工号 are unique or searched from their start. */
const sortsAsName = (field: ResourceField) => field.kind === 'text' && !field.unique && field.search !== 'prefix';

const trackedTables = new WeakMap<Database, Promise<Set<string>>>();
/**
 * A cached list must hear of every change to what it reads: each of its tables needs migration 0020's
 * trigger (sys_track_changes), else the server refuses to start rather than serve stale pages.
 */
async function requireTrackedTables(db: Database, tables: readonly string[], resourceKey: string) {
  if (!trackedTables.has(db)) {
    const read = db.execute(sql`select tgname from pg_trigger where right(tgname, 8) = '_changed' and not tgisinternal`) as unknown as Promise<{ rows: { tgname: string }[] }>;
    trackedTables.set(db, read.then((result) => new Set(result.rows.map((r) => r.tgname.replace(/_changed$/, '')))));
  }
  const tracked = await trackedTables.get(db)!;
  const missing = tables.filter((t) => !tracked.has(t));
  if (missing.length > 0) throw new Error(`the list of ${resourceKey} reads ${missing.join(', ')}, which no migration called sys_track_changes for`);
}

/**
 * A counted table is big: its default order must be read off an index on (column, id), or every page past
 * the first sorts the whole table (page 1,000 of 20,000 students: 25 ms instead of 2).
 */
async function requireOrderIndex(db: Database, tableName: string, column: string, id: string, resourceKey: string) {
  const found = (await db.execute(sql`
    select 1 from pg_index i
    join pg_attribute first on first.attrelid = i.indrelid and first.attnum = i.indkey[0]
    join pg_attribute second on second.attrelid = i.indrelid and second.attnum = i.indkey[1]
    where i.indrelid = to_regclass(${tableName}) and first.attname = ${column} and second.attname = ${id}`)) as unknown as { rows: unknown[] };
  if (found.rows.length === 0) throw new Error(`the list of ${resourceKey} is countedRows, but no index on ${tableName} (${column}, ${id}) serves its default order`);
}

function searchConditions(table: PgTable, resource: ResourceDescription, query: Row, computed: Readonly<Record<string, (value: string) => SQL | undefined>>): SQL[] {
  return searchNames(resource, computed).flatMap((name) => {
    const value = typeof query[name] === 'string' ? (query[name] as string).trim() : '';
    if (!value) return [];
    const condition = computed[name];
    if (condition) return [condition(value) ?? sql`false`];
    const field = resource.fields.find((f) => f.name === name)!;
    const column = columnOf(table, field.name);
    if (field.kind === 'dict' || field.kind === 'select' || field.kind === 'ref') return [eq(column, value)];
    // A number matches exactly; text that is no number matches nothing.
    if (field.kind === 'number') return [/^-?\d+(\.\d+)?$/.test(value) ? eq(column, Number(value)) : sql`false`];
    // Case matters only for letters that have it; without them (汉字, digits) LIKE does the same work several times faster than ILIKE.
    const match = value.toLowerCase() === value.toUpperCase() ? like : ilike;
    return [match(column, field.search === 'prefix' ? `${escapeLike(value)}%` : likePattern(value))];
  });
}

/** A switch's cell: 是/否 as the export writes it, or what a school's sheet may hold instead. */
const SWITCH_TEXTS = new Map<string, boolean>([['是', true], ['否', false], ['true', true], ['false', false], ['1', true], ['0', false], ['TRUE', true], ['FALSE', false]]);

function excelCell(field: ResourceField, value: unknown, labels: Map<string, string> | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  // An instant (创建时间) as a date cell, not its ISO text.
  if (field.kind === 'datetime' && typeof value === 'string') return new Date(value);
  if (labels) return labels.get(String(value)) ?? String(value);
  return value;
}

/** A cell's text as the schema expects it: choices by label (or value), numbers as numbers, blanks as missing. */
function importValue(field: ResourceField, text: string, choices: Map<string, string> | undefined, issues: RowIssue[]): unknown {
  if (text === '') return field.kind === 'number' || field.kind === 'switch' ? undefined : '';
  if (choices) return choiceValue(field, text, choices, issues);
  if (field.kind === 'switch') {
    if (SWITCH_TEXTS.has(text)) return SWITCH_TEXTS.get(text);
    issues.push({ field: field.name, message: `${field.label}“${text}”无效，可选：是、否` });
    return undefined;
  }
  if (field.kind === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}
