import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { idQuerySchema, idsQuerySchema, pageQuerySchema, resourceUrl, uniqueMessage, type PageResult, type ResourceDescription, type ResourceField } from '@contract/resource.ts';
import type { Database } from '../db/database.ts';
import { sysDict, sysDictItem } from '../db/schema.ts';
import type { App } from '../types.ts';
import { IMPORT_MAX_BYTES, buildTemplate, buildWorkbook, excelColumns, readSheetRecords, readUploadedWorkbook, sendWorkbook } from './excel.ts';
import { badRequest, notFound, ok } from './http.ts';
import { checkImportRows, choiceValue, type ImportRow, type RowIssue } from './import-rows.ts';

type Row = Record<string, unknown>;

export interface ResourceBinding {
  resource: ResourceDescription;
  table: PgTable;
  idColumn: PgColumn;
  /** The API row from a table row. */
  toRow: (row: Row) => object;
  /** Refuses deleting rows still referenced: resolves to the message, or null. */
  inUse?: (db: Database, ids: string[]) => Promise<string | null>;
  /** Checks beyond the schema (a parent that exists, ...): resolves to the message, or null. */
  check?: (db: Database, input: Row, id: string | null) => Promise<string | null>;
}

/** Blank values of NOT NULL columns are left out, so an insert takes the column's default and an edit keeps the value. */
function storable(table: PgTable, input: Row): Row {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => !((value === null || value === undefined) && columns[name]?.notNull)));
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.search);
const excelFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.excel);

export function listQuerySchema(resource: ResourceDescription) {
  return z.extend(pageQuerySchema, Object.fromEntries(searchFields(resource).map((f) => [f.name, z.optional(z.string().check(z.maxLength(100)))])));
}

/** A table's column by the field's name; a field without a column is a programming error caught at start. */
function columnOf(table: PgTable, name: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[name];
  if (!column) throw new Error(`resource field ${name} has no column in its table`);
  return column;
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
export async function takenMessages(db: Database, table: PgTable, idColumn: PgColumn, resource: ResourceDescription, input: Row, selfId: string | null): Promise<RowIssue[]> {
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
export async function takenMessage(db: Database, table: PgTable, idColumn: PgColumn, resource: ResourceDescription, input: Row, selfId: string | null) {
  return (await takenMessages(db, table, idColumn, resource, input, selfId))[0]?.message ?? null;
}

/**
 * For one import file, row by row: each unique value an earlier row of the file already holds (said so),
 * or else another row of the table.
 */
export function uniqueRefusals(db: Database, table: PgTable, idColumn: PgColumn, resource: ResourceDescription) {
  const seen = new Map<string, Set<string>>();
  return async (input: Row): Promise<RowIssue[]> => {
    const repeated: RowIssue[] = [];
    for (const field of resource.fields.filter((f) => f.unique)) {
      const value = input[field.name];
      if (value === undefined || value === null || value === '') continue;
      const values = seen.get(field.name) ?? new Set<string>();
      seen.set(field.name, values);
      if (values.has(String(value))) repeated.push({ field: field.name, message: `${uniqueMessage(field)}（文件中重复）` });
      values.add(String(value));
    }
    const taken = await takenMessages(db, table, idColumn, resource, input, null);
    return [...repeated, ...taken.filter((t) => !repeated.some((r) => r.field === t.field))];
  };
}

/**
 * The routes of a plain resource, JeecgBoot style: list, queryById, add, edit, delete, deleteBatch and,
 * when the resource names their codes, exportXls and importExcel. Each declares the resource's code.
 */
export async function registerResourceRoutes(app: App, binding: ResourceBinding) {
  const { db } = app;
  const { resource, table, idColumn, toRow } = binding;
  const { permissions } = resource;
  const access = (permission: string | undefined) => ({ permission: permission ?? permissions.list, scope: 'all' as const });
  for (const field of [...searchFields(resource), ...resource.fields.filter((f) => typeof f.list === 'object' && f.list.sortable)]) columnOf(table, field.name);
  const titleColumn = columnOf(table, resource.titleField);

  const findById = async (id: string) => {
    const [row] = await db.select().from(table).where(eq(idColumn, id)).limit(1);
    return row as Row | undefined;
  };

  const validate = async (input: Row, id: string | null) =>
    (await takenMessage(db, table, idColumn, resource, input, id)) ?? (binding.check ? binding.check(db, input, id) : null);

  const listQuery = listQuerySchema(resource);
  app.get(resourceUrl(resource, 'list'), { config: { access: access(permissions.list) }, schema: { querystring: listQuery } }, async (request) => {
    const query = request.query as Row & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };
    const where = and(...searchConditions(table, resource, query));
    const sortField = resource.fields.find((f) => f.name === query.column && typeof f.list === 'object' && f.list.sortable);
    const sortBy = sortField ? { field: sortField.name, order: query.order ?? 'asc' } : resource.defaultSort;
    const order = sortBy ? (sortBy.order === 'desc' ? desc(columnOf(table, sortBy.field)) : asc(columnOf(table, sortBy.field))) : asc(titleColumn);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(order, asc(idColumn))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      db.select({ n: count() }).from(table).where(where),
    ]);
    const result: PageResult<object> = { records: (rows as Row[]).map(toRow), total: total?.n ?? 0, current: query.pageNo, size: query.pageSize };
    return ok(result);
  });

  app.get(resourceUrl(resource, 'queryById'), { config: { access: access(permissions.list) }, schema: { querystring: idQuerySchema } }, async (request) => {
    const row = await findById(request.query.id);
    if (!row) throw notFound(`${resource.title}不存在`);
    return ok(toRow(row));
  });

  if (permissions.add) {
    app.post(resourceUrl(resource, 'add'), { config: { access: access(permissions.add) }, schema: { body: resource.createSchema } }, async (request) => {
      const input = request.body as Row;
      const refusal = await validate(input, null);
      if (refusal) throw badRequest(refusal);
      const [row] = await db.insert(table).values(storable(table, input)).returning();
      return ok(toRow(row as Row), '添加成功！');
    });
  }

  if (permissions.edit) {
    app.put(resourceUrl(resource, 'edit'), { config: { access: access(permissions.edit) }, schema: { body: resource.editSchema } }, async (request) => {
      const { id, ...input } = request.body as Row & { id: string };
      if (!(await findById(id))) throw notFound(`${resource.title}不存在`);
      const refusal = await validate(input, id);
      if (refusal) throw badRequest(refusal);
      const changes = 'updatedAt' in getTableColumns(table) ? { ...storable(table, input), updatedAt: new Date() } : storable(table, input);
      const [row] = await db.update(table).set(changes).where(eq(idColumn, id)).returning();
      return ok(toRow(row as Row), '编辑成功！');
    });
  }

  if (permissions.remove) {
    const remove = async (ids: string[]) => {
      const found = await db.select({ id: idColumn }).from(table).where(inArray(idColumn, ids));
      if (found.length !== ids.length) throw notFound(`${resource.title}不存在`);
      const refusal = binding.inUse ? await binding.inUse(db, ids) : null;
      if (refusal) throw badRequest(refusal);
      await db.delete(table).where(inArray(idColumn, ids));
    };
    app.delete(resourceUrl(resource, 'delete'), { config: { access: access(permissions.remove) }, schema: { querystring: idQuerySchema } }, async (request) => {
      await remove([request.query.id]);
      return ok(null, '删除成功!');
    });
    app.delete(resourceUrl(resource, 'deleteBatch'), { config: { access: access(permissions.remove) }, schema: { querystring: idsQuerySchema } }, async (request) => {
      const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw badRequest('请选择要删除的数据');
      await remove(ids);
      return ok(null, '删除成功!');
    });
  }

  const columns = excelFields(resource);
  if (permissions.export) {
    const exportQuery = z.extend(listQuery, { exportType: z.optional(z.literal('empty')) });
    app.get(resourceUrl(resource, 'exportXls'), { config: { access: access(permissions.export) }, schema: { querystring: exportQuery } }, async (request, reply) => {
      const query = request.query as Row & { exportType?: 'empty' };
      if (query.exportType === 'empty') return sendWorkbook(reply, `${resource.title}导入模板`, buildTemplate(resource.title, excelColumns(columns, resource.createSchema)));
      const labels = new Map([...(await choiceMaps(db, columns))].map(([field, map]) => [field, new Map([...map].map(([label, value]) => [value, label]))]));
      const rows = ((await db.select().from(table).where(and(...searchConditions(table, resource, query))).orderBy(asc(titleColumn))) as Row[]).map((r) => toRow(r) as Row);
      const cells = rows.map((row) => columns.map((f) => excelCell(row[f.name], labels.get(f.name))));
      return sendWorkbook(reply, resource.title, await buildWorkbook(resource.title, columns.map((f) => ({ header: f.label })), cells));
    });
  }

  if (permissions.import) {
    await app.register(async (scoped) => {
      await scoped.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
      scoped.post(resourceUrl(resource, 'importExcel'), { config: { access: access(permissions.import) } }, async (request) => {
        const records = readSheetRecords(await readUploadedWorkbook(request), excelColumns(columns, resource.createSchema));
        if (records.length === 0) throw badRequest('Excel文件中没有数据');
        const choices = await choiceMaps(db, columns);
        const rows = records.map(({ row, values }): ImportRow => {
          const cellIssues: RowIssue[] = [];
          const raw = Object.fromEntries(columns.map((f) => [f.name, importValue(f, values[f.label] ?? '', choices.get(f.name), cellIssues)]));
          return { row, raw, cellIssues };
        });
        const unique = uniqueRefusals(db, table, idColumn, resource);
        // All or nothing: a file with any bad row changes nothing, and the report names every problem of every bad row.
        const inputs = await checkImportRows<Row>(rows, {
          fields: columns,
          schema: resource.createSchema,
          after: async (input) => {
            const refusal = binding.check ? await binding.check(db, input, null) : null;
            return [...(await unique(input)), ...(refusal ? [{ message: refusal }] : [])];
          },
        });
        await db.transaction(async (tx) => {
          await tx.insert(table).values(inputs.map((input) => storable(table, input)));
        });
        return ok(null, `导入成功，共${inputs.length}条`);
      });
    });
  }
}

function searchConditions(table: PgTable, resource: ResourceDescription, query: Row): SQL[] {
  return searchFields(resource).flatMap((field) => {
    const value = typeof query[field.name] === 'string' ? (query[field.name] as string).trim() : '';
    if (!value) return [];
    const column = columnOf(table, field.name);
    return [field.kind === 'dict' || field.kind === 'select' ? eq(column, value) : ilike(column, likePattern(value))];
  });
}

function excelCell(value: unknown, labels: Map<string, string> | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (labels) return labels.get(String(value)) ?? String(value);
  return value;
}

/** A cell's text as the schema expects it: choices by label (or value), numbers as numbers, blanks as missing. */
function importValue(field: ResourceField, text: string, choices: Map<string, string> | undefined, issues: RowIssue[]): unknown {
  if (text === '') return field.kind === 'number' ? undefined : '';
  if (choices) return choiceValue(field, text, choices, issues);
  if (field.kind === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}
