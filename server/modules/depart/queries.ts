import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DepartIdNode, DepartTreeNode, DepartUser } from '@contract/depart.ts';
import type { Database } from '../../db/database.ts';
import { basicMajor, sysDepart, sysUser, sysUserDepart } from '../../db/schema.ts';
import { nestRows } from '../../lib/resource-tree.ts';

/**
 * Departments are deleted softly (del_flag 1), as the session's department list (departsOf) expects:
 * records that name a department (a student's current one) keep its name. Every read leaves deleted ones
 * out, except the org_code check: the unique index covers them too.
 */
export type DepartRow = typeof sysDepart.$inferSelect;

export const liveDepart = eq(sysDepart.delFlag, 0);
export const DEPART_KEYS = { id: 'id', parent: 'parentId' } as const;
export const departOrder = [asc(sysDepart.sortNo), asc(sysDepart.orgCode)] as const;

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
    .where(liveDepart)
    .orderBy(...departOrder);
}

/** The live departments as choosers' nodes (key, value and title). */
export const departIdTree = async (db: Database): Promise<DepartIdNode[]> =>
  nestRows<DepartIdNode>(await liveDeparts(db), DEPART_KEYS, (row, children) => ({ key: String(row.id), value: String(row.id), title: String(row.departName), children }));

export async function findDepart(db: Database, id: string): Promise<DepartRow | undefined> {
  const [row] = await db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.id, id), liveDepart))
    .limit(1);
  return row;
}

/** Why these departments cannot be deleted, their sub-departments apart: users, or 专业 of theirs. */
export async function departInUse(db: Database, ids: string[]): Promise<string | null> {
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

export async function usersOfDepart(db: Database, departId: string): Promise<DepartUser[]> {
  return db
    .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname, workNo: sysUser.workNo, phone: sysUser.phone, email: sysUser.email })
    .from(sysUser)
    .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
    .where(and(eq(sysUserDepart.departId, departId), eq(sysUser.delFlag, 0)))
    .orderBy(asc(sysUser.username));
}
