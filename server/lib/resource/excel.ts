import multipart from '@fastify/multipart';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { excelHeader, exportFields, importSchemaOf, refTextKey, resourceUrl, uniqueMessage, type ResourceField } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { sysDict, sysDictItem } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { SCOPE_MSG, inDeparts } from '../data-scope.ts';
import { IMPORT_MAX_BYTES, buildTemplate, buildWorkbook, excelColumns, sendWorkbook } from '../excel.ts';
import { EXCEL, doneAnswer } from '../answers.ts';
import { importUpload } from './answers.ts';
import { badRequest, ok } from '../http.ts';
import { checkImportRows, choiceValue, type ImportRow, type RowIssue } from '../import-rows.ts';
import type { Row, WriteContext } from './binding.ts';
import { chunks, heldValues, isBlank, type ResourceModel, storable } from './model.ts';
import { searchConditions } from './search.ts';
import { columnOf } from './columns.ts';

/** A resource's Excel: the export of what the search shows, the template, and the import of a whole file at once. */

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

/** 导出 (the list's search as a workbook) and the empty 导入模板. */
export function registerResourceExport(app: App, { access, computed, contextOf, reach, labelled, selectLabelled, present, listOrder, listQuery, columns, db, resource, table, permissions }: ResourceModel) {
  if (permissions.export) {
    const shown = exportFields(resource);
    // The file holds the export's columns (exportFields), whatever field= a list would choose.
    const exportQuery = z.extend(z.omit(listQuery, { field: true }), { exportType: z.optional(z.literal('empty')) });
    app.get(resourceUrl(resource, 'exportXls'), { config: { access: access(permissions.export), fileAnswer: [EXCEL] }, schema: { querystring: exportQuery } }, async (request, reply) => {
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
export async function registerResourceImport(app: App, { binding, access, refs, scopeField, matchField, contextOf, reach, normalized, insertRows, columns, db, resource, table, permissions }: ResourceModel) {
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
      scoped.post(resourceUrl(resource, 'importExcel'), { config: { access: access(permissions.import), upload: importUpload }, schema: { response: { 200: doneAnswer } } }, app.imports.route(excelColumns(columns, schema), async (request, records) => {
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
