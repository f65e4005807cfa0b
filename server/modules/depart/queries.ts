import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { DepartIdNode, DepartTreeNode, DepartUser } from '@contract/depart.ts';
import type { Database } from '../../db/database.ts';
import { basicMajor, sysDepart, sysUser, sysUserDepart } from '../../db/schema.ts';
import { likePattern } from '../../lib/resource-routes.ts';

/**
 * Departments are deleted softly (del_flag 1), as the session's department list (departsOf) expects:
 * records that name a department (a student's current one) keep its name. Every read here leaves
 * deleted ones out, except the org_code check: the unique index covers them too.
 */
export type DepartRow = typeof sysDepart.$inferSelect;

const live = eq(sysDepart.delFlag, 0);
const treeOrder = [asc(sysDepart.sortNo), asc(sysDepart.orgCode)] as const;

export const toNode = (row: DepartRow, children: DepartTreeNode[] = []): DepartTreeNode => ({
  id: row.id,
  key: row.id,
  value: row.id,
  title: row.departName,
  departName: row.departName,
  orgCode: row.orgCode,
  orgType: row.orgType,
  parentId: row.parentId,
  sortNo: row.sortNo,
  children,
});

export async function liveDeparts(db: Database): Promise<DepartRow[]> {
  return db
    .select()
    .from(sysDepart)
    .where(live)
    .orderBy(...treeOrder);
}

export async function findDepart(db: Database, id: string): Promise<DepartRow | undefined> {
  const [row] = await db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.id, id), live))
    .limit(1);
  return row;
}

export async function searchDeparts(db: Database, keyWord: string): Promise<DepartTreeNode[]> {
  const rows = await db
    .select()
    .from(sysDepart)
    .where(and(live, ilike(sysDepart.departName, likePattern(keyWord))))
    .orderBy(...treeOrder);
  return rows.map((row) => toNode(row));
}

export async function orgCodeTaken(db: Database, orgCode: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(and(eq(sysDepart.orgCode, orgCode), exceptId ? ne(sysDepart.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Rows (in sort order) as a tree; a row whose parent is missing is shown at the top rather than lost. */
export function departTree(rows: DepartRow[]): DepartTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string | null, DepartRow[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) && row.parentId !== row.id ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  // Each row is visited once even if stored data holds a cycle.
  const visited = new Set<string>();
  const build = (parent: string | null): DepartTreeNode[] =>
    (childrenOf.get(parent) ?? []).flatMap((row) => {
      if (visited.has(row.id)) return [];
      visited.add(row.id);
      return [toNode(row, build(row.id))];
    });
  return build(null);
}

export function idTree(nodes: DepartTreeNode[]): DepartIdNode[] {
  return nodes.map((n) => ({ key: n.id, value: n.id, title: n.title, children: idTree(n.children) }));
}

/** The department and every department under it. */
export function selfAndDescendants(rows: DepartRow[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Why these departments cannot be deleted together, or null: sub-departments left behind, users, or 专业 of theirs. */
export async function deleteRefusal(db: Database, ids: string[]): Promise<string | null> {
  const children = await db
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(and(live, inArray(sysDepart.parentId, ids)));
  if (children.some((c) => !ids.includes(c.id))) return '请先删除下级部门';
  const [member] = await db
    .select({ userId: sysUserDepart.userId })
    .from(sysUserDepart)
    .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
    .where(and(inArray(sysUserDepart.departId, ids), eq(sysUser.delFlag, 0)))
    .limit(1);
  if (member) return '该部门下还有用户，不能删除';
  const [majors] = await db.select({ n: count() }).from(basicMajor).where(inArray(basicMajor.departId, ids));
  return majors && majors.n > 0 ? `该部门下还有 ${majors.n} 个专业，不能删除` : null;
}

export async function softDelete(db: Database, ids: string[]): Promise<void> {
  await db.update(sysDepart).set({ delFlag: 1 }).where(inArray(sysDepart.id, ids));
}

export async function usersOfDepart(db: Database, departId: string): Promise<DepartUser[]> {
  return db
    .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname, workNo: sysUser.workNo, phone: sysUser.phone, email: sysUser.email })
    .from(sysUser)
    .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
    .where(and(eq(sysUserDepart.departId, departId), eq(sysUser.delFlag, 0)))
    .orderBy(asc(sysUser.username));
}
