import { and, asc, count, desc, eq, getTableColumns, getTableName, inArray, is, isNull, ne, notInArray, or, sql, SQL, type Subquery } from 'drizzle-orm';
import { alias, PgTable, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { importFields, refTextKey, resourceUrl, uniqueMessage, type PageResult, type ResourceDescription, type ResourceField } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { sysDict, sysDictItem, sysRowCount } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { SCOPE_MSG, departScopeOf, inDeparts, type DepartLink } from '../data-scope.ts';
import { HttpError, badRequest, forbidden } from '../http.ts';
import type { RowIssue } from '../import-rows.ts';
import { selfAndBelow } from '../resource-tree.ts';
import type { ResourceBinding, Row, Tx, WriteContext } from './binding.ts';
import { resourceAnswers } from './answers.ts';
import { chosenColumns, listQuerySchema, searchConditions, searchFields } from './search.ts';
import { columnOf, fieldOf } from './columns.ts';

/** What every route of a resource shares: its reach, labelled reads, input checks, inserts, order and totals (resourceModel). */

/** The property name of a table's column (the binding names columns; an alias is indexed by name). */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of ${getTableName(table)}`);
  return entry[0];
}

/** Blank values of NOT NULL columns are left out, so an insert takes the column's default and an edit keeps the value. */
export function storable(table: PgTable, input: Row): Row {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => !((value === null || value === undefined) && columns[name]?.notNull)));
}

const refFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.kind === 'ref');

export const isBlank = (value: unknown) => value === undefined || value === null || value === '';

const IN_LIST_CHUNK = 5000;

/** The key of a counted total read with a page's rows. */
const PAGE_TOTAL = '__total';

/** Splits a long list, so a query's parameters stay well under PostgreSQL's 65,535. */
export function chunks<T>(list: readonly T[], size = IN_LIST_CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < list.length; i += size) result.push(list.slice(i, i + size));
  return result;
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
export async function heldValues(db: Database, table: PgTable, column: PgColumn, values: readonly string[], where?: SQL): Promise<Set<string>> {
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
export async function resourceModel(app: App, binding: ResourceBinding) {
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
  /**
   * Each dictionary field's label (`<field>_dictText`, its item's text) as JeecgBoot's lists send it: the items of
   * its dictionary (found by code) left-joined under an alias of their own. A field the related values show is theirs.
   */
  const dictJoins = resource.fields
    .filter((field) => field.kind === 'dict' && field.dictCode && !(field.name in computed) && !(field.name in (related?.columns ?? {})))
    .map((field, index) => {
      const item = alias(sysDictItem, `dict_${index}`);
      const column = columnOf(table, field.name);
      const code = column.dataType === 'string' ? column : sql`${column}::text`;
      const dictionary = sql`(select ${sysDict.id} from ${sysDict} where ${sysDict.dictCode} = ${field.dictCode})`;
      return { joined: item as PgTable, on: and(eq(item.dictId, dictionary), eq(item.itemValue, code))!, key: refTextKey(field.name), label: item.itemText };
    });
  const labelJoins = [...refJoins, ...dictJoins];
  // A summary's figures, grouped by the column that refers to the row, are joined as one derived table.
  const summary = related?.summaryOf
    ? {
        figures: db
          .select({ summaryKey: related.on, ...Object.fromEntries(Object.entries(related.columns).map(([key, column]) => [key, is(column, SQL) ? column.as(key) : column])) })
          .from(related.summaryOf)
          .groupBy(related.on)
          .as('related_summary') as unknown as Record<string, PgColumn> & Subquery,
        by: related.by,
      }
    : null;
  const relatedColumns = summary ? Object.fromEntries(Object.keys(related!.columns).map((key) => [key, summary.figures[key]!])) : related?.columns;
  const labelled = {
    ...getTableColumns(table),
    ...relatedColumns,
    ...Object.fromEntries(labelJoins.map(({ key, label }) => [key, label])),
  };
  const selectLabelled = (fields: Record<string, PgColumn | SQL | SQL.Aliased>) => {
    let query: PgSelect = db.select(fields).from(table).$dynamic();
    for (const { joined, on } of labelJoins) query = query.leftJoin(joined, on);
    if (related?.table) query = query.leftJoin(related.table, eq(related.on, related.by));
    if (summary) query = query.leftJoin(summary.figures, eq(summary.figures.summaryKey!, summary.by));
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
  const shownKeys = [...labelJoins.map(({ key }) => key), ...Object.keys(related?.columns ?? {})];
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
            ...(dictJoins.length > 0 ? [getTableName(sysDict), getTableName(sysDictItem)] : []),
            ...[related?.table ?? related?.summaryOf, ...(related?.reads ?? [])].flatMap((t) => (is(t, PgTable) ? [getTableName(t)] : [])),
            ...(binding.countedRows ? [getTableName(sysRowCount)] : []),
            ...scopeTables(binding.scope),
          ]),
        ];
  if (listTables) await requireTrackedTables(db, listTables, resource.key);

  const listQuery = listQuerySchema(resource, computed);
  const answers = resourceAnswers(binding, labelJoins, idField);
  const columns = importFields(resource);

  async function listPage(query: Row & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc'; field?: string }, context: WriteContext): Promise<PageResult<Row>> {
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
    const chosen = chosenColumns(query.field, answers.recordKeys, idField);
    const records = present(page);
    return { records: chosen ? records.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => chosen.has(key)))) : records, total, current: query.pageNo, size: query.pageSize };
  }

  /** The ids of every row the list's search matches in the caller's reach: a batch action on 全部符合条件的记录. */
  const matchingIds = async (request: FastifyRequest, search: Row): Promise<string[]> => {
    const rows = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(...searchConditions(table, resource, search, computed), reach(await contextOf(request))));
    return rows.map((r) => String(r.id));
  };
  return { binding, access, computed, idField, refs, scopeField, matchField, contextOf, reach, readOnlyRefusal, labelled, selectLabelled, rowById, findById, present, normalized, validate, insertRows, listOrder, pagedList, listTables, listQuery, answers, columns, listPage, matchingIds, tree, db, resource, table, idColumn, permissions };
}

export type ResourceModel = Awaited<ReturnType<typeof resourceModel>>;

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
