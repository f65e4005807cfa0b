import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { CategoryChoice, CategoryRow, CategoryTreeNode } from '@contract/category.ts';
import type { Database } from '../../db/database.ts';
import { sysCategory } from '../../db/schema.ts';

export type CategoryRecord = typeof sysCategory.$inferSelect;

const treeOrder = [asc(sysCategory.sortNo), asc(sysCategory.code)] as const;

export const toRow = (row: CategoryRecord): CategoryRow => ({
  id: row.id,
  pid: row.pid,
  name: row.name,
  code: row.code,
  sortNo: row.sortNo,
  createTime: row.createdAt.toISOString(),
});

export async function allCategories(db: Database): Promise<CategoryRecord[]> {
  return db
    .select()
    .from(sysCategory)
    .orderBy(...treeOrder);
}

/** Rows (in sort order) as a tree; a row whose parent is missing is shown at the top rather than lost. */
export function categoryTree(rows: CategoryRecord[]): CategoryTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string | null, CategoryRecord[]>();
  for (const row of rows) {
    const parent = row.pid && ids.has(row.pid) && row.pid !== row.id ? row.pid : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  // Each row is visited once even if stored data holds a cycle.
  const visited = new Set<string>();
  const build = (parent: string | null): CategoryTreeNode[] =>
    (childrenOf.get(parent) ?? []).flatMap((row) => {
      if (visited.has(row.id)) return [];
      visited.add(row.id);
      return [{ ...toRow(row), key: row.id, value: row.id, title: row.name, children: build(row.id) }];
    });
  return build(null);
}

/** The category and every category under it. */
export function selfAndDescendants(rows: CategoryRecord[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.pid && found.has(row.pid) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Why a category may not have this parent, or null. */
export async function parentRefusal(db: Database, pid: string, selfId: string | null): Promise<string | null> {
  const rows = await allCategories(db);
  if (!rows.some((r) => r.id === pid)) return '上级分类不存在';
  if (selfId && selfAndDescendants(rows, selfId).has(pid)) return '上级分类不能是自己或下级分类';
  return null;
}

/** Deleting leaves no category without its parent: children must go first (or in the same batch). */
export async function childrenRefusal(db: Database, ids: string[]): Promise<string | null> {
  const [child] = await db
    .select({ id: sysCategory.id })
    .from(sysCategory)
    .where(and(inArray(sysCategory.pid, ids), notInArray(sysCategory.id, ids)))
    .limit(1);
  return child ? '请先删除下级分类' : null;
}

export async function findByCode(db: Database, code: string): Promise<CategoryRecord | undefined> {
  const [row] = await db.select().from(sysCategory).where(eq(sysCategory.code, code)).limit(1);
  return row;
}

/** The children of a category (null: the top level), each saying whether it has children of its own. */
export async function childChoices(db: Database, pid: string | null): Promise<CategoryChoice[]> {
  const rows = await db
    .select()
    .from(sysCategory)
    .where(pid ? eq(sysCategory.pid, pid) : isNull(sysCategory.pid))
    .orderBy(...treeOrder);
  const parents =
    rows.length === 0
      ? []
      : await db
          .selectDistinct({ pid: sysCategory.pid })
          .from(sysCategory)
          .where(
            inArray(
              sysCategory.pid,
              rows.map((r) => r.id),
            ),
          );
  const withChildren = new Set(parents.map((p) => p.pid));
  return rows.map((row) => ({ id: row.id, key: row.id, value: row.id, title: row.name, code: row.code, pid: row.pid, isLeaf: !withChildren.has(row.id) }));
}
