import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { sysDepart, sysUserDepart } from '../db/schema.ts';
import type { AuthContext } from '../types.ts';

/**
 * Data scope (DOMAIN.md "People and accounts"): a role whose data_scope is 'depart' reaches only the rows of
 * the user's departments (sys_user_depart) and their descendants; any other role reaches every row.
 */

/**
 * How rows of a table belong to a department: a column holding the department's id (a major's departId), or
 * a column holding the id of a row of `parent` that belongs to one (a class's majorId, a student's classId).
 */
export interface DepartLink {
  column: PgColumn;
  parent?: { table: PgTable; id: PgColumn; link: DepartLink };
}

/** The departments the caller's active role is limited to, or null when it reaches every row. */
export async function departScopeOf(db: Database, auth: AuthContext | null): Promise<string[] | null> {
  if (!auth?.departScoped) return null;
  // The department table is small: its live rows are walked here rather than with a recursive query.
  const [own, departs] = await Promise.all([
    db.select({ id: sysUserDepart.departId }).from(sysUserDepart).where(eq(sysUserDepart.userId, auth.userId)),
    db.select({ id: sysDepart.id, parentId: sysDepart.parentId }).from(sysDepart).where(eq(sysDepart.delFlag, 0)),
  ]);
  const live = new Set(departs.map((d) => d.id));
  const children = new Map<string, string[]>();
  for (const d of departs) if (d.parentId) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id) || !live.has(id)) return;
    reached.add(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  for (const { id } of own) visit(id);
  return [...reached];
}

/** The condition that a row belongs to one of the departments. */
export function inDeparts(link: DepartLink, departIds: readonly string[]): SQL {
  if (departIds.length === 0) return sql`false`;
  if (!link.parent) return inArray(link.column, [...departIds]);
  const { table, id, link: next } = link.parent;
  return sql`${link.column} in (select ${id} from ${table} where ${inDeparts(next, departIds)})`;
}

export const SCOPE_MSG = {
  outside: (title: string) => `所选${title}不在您管理的院系内`,
  own: (title: string) => `您只能维护所管理院系的${title}`,
} as const;
