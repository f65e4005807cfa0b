import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { isBuiltInDict, type DictItemRow, type DictItemStatus, type DictRow } from '@contract/dict.ts';
import type { PageResult } from '@contract/resource.ts';
import type { DictOption } from '@contract/session.ts';
import type { Database } from '../../db/database.ts';
import { sysDict, sysDictItem } from '../../db/schema.ts';
import { likePattern } from '../../lib/resource/search.ts';
import { notFound } from '../../lib/http.ts';
import { TABLE_DICTS } from '../system/routes.ts';

/**
 * Dictionaries are deleted for good, with their items (the foreign key cascades): records keep the
 * values they stored, shown as the value when no item names it any more.
 */
type DictRecord = typeof sysDict.$inferSelect;
type DictItemRecord = typeof sysDictItem.$inferSelect;

export const toDictRow = (row: DictRecord): DictRow => ({
  id: row.id,
  dictCode: row.dictCode,
  dictName: row.dictName,
  description: row.description,
  createTime: row.createdAt.toISOString(),
});

export const toDictItemRow = (row: DictItemRecord): DictItemRow => ({
  id: row.id,
  dictId: row.dictId,
  itemText: row.itemText,
  itemValue: row.itemValue,
  sortOrder: row.sortOrder,
  description: row.description,
  status: row.status === 1 ? '1' : '0',
});

export const statusNumber = (status: DictItemStatus) => (status === '1' ? 1 : 0);

/** Refuses deleting a dictionary the code relies on. */
export async function builtInAmong(db: Database, ids: string[]): Promise<string | null> {
  const rows = await db.select({ dictCode: sysDict.dictCode }).from(sysDict).where(inArray(sysDict.id, ids));
  return rows.some((r) => isBuiltInDict(r.dictCode)) ? '系统内置字典不能删除' : null;
}

/** Refuses renaming the code of a dictionary the code relies on. */
export async function builtInRenamed(db: Database, id: string | null, dictCode: unknown): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ dictCode: sysDict.dictCode }).from(sysDict).where(eq(sysDict.id, id)).limit(1);
  return row && isBuiltInDict(row.dictCode) && row.dictCode !== dictCode ? '系统内置字典不能修改编码' : null;
}

export async function findDict(db: Database, id: string): Promise<DictRecord | undefined> {
  const [row] = await db
    .select()
    .from(sysDict)
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 0)))
    .limit(1);
  return row;
}

export async function findDictItem(db: Database, id: string): Promise<DictItemRecord | undefined> {
  const [row] = await db.select().from(sysDictItem).where(eq(sysDictItem.id, id)).limit(1);
  return row;
}

export async function itemValueTaken(db: Database, dictId: string, itemValue: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: sysDictItem.id })
    .from(sysDictItem)
    .where(and(eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, itemValue), exceptId ? ne(sysDictItem.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export interface DictItemQuery {
  dictId: string;
  itemText?: string;
  status?: '1' | '0' | '';
  pageNo: number;
  pageSize: number;
}

export async function listDictItems(db: Database, query: DictItemQuery): Promise<PageResult<DictItemRow>> {
  const text = query.itemText?.trim();
  const where = and(
    eq(sysDictItem.dictId, query.dictId),
    text ? ilike(sysDictItem.itemText, likePattern(text)) : undefined,
    query.status ? eq(sysDictItem.status, statusNumber(query.status)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysDictItem)
      .where(where)
      .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(sysDictItem).where(where),
  ]);
  return { records: rows.map(toDictItemRow), total: total?.n ?? 0, current: query.pageNo, size: query.pageSize };
}

/** GET /sys/dict/loadDict/{dict}: enabled items (or table rows) whose text contains the keyword, any case. */
export async function loadDictOptions(db: Database, code: string, keyword: string, limit: number): Promise<Required<DictOption>[]> {
  const matching = (column: Parameters<typeof ilike>[0]): SQL | undefined => (keyword ? ilike(column, likePattern(keyword)) : undefined);
  const tableDict = TABLE_DICTS[code];
  if (tableDict) {
    const rows = await db
      .select({ value: tableDict.value, text: tableDict.text })
      .from(tableDict.table)
      .where(and(tableDict.where, matching(tableDict.text)))
      .orderBy(asc(tableDict.order), asc(tableDict.value))
      .limit(limit);
    return rows.map((r) => ({ value: String(r.value), text: String(r.text), title: String(r.text) }));
  }
  const [dict] = await db
    .select({ id: sysDict.id })
    .from(sysDict)
    .where(and(eq(sysDict.dictCode, code), eq(sysDict.delFlag, 0)))
    .limit(1);
  if (!dict) throw notFound(`字典不存在：${code}`);
  const rows = await db
    .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
    .from(sysDictItem)
    .where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.status, 1), matching(sysDictItem.itemText)))
    .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue))
    .limit(limit);
  return rows.map((r) => ({ value: r.value, text: r.text, title: r.text }));
}
