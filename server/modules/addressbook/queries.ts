import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AddressBookRow } from '@contract/addressbook.ts';
import type { PageResult } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { sysDepart, sysPosition, sysUser, sysUserDepart } from '../../db/schema.ts';
import { likePattern } from '../../lib/resource/search.ts';

export interface AddressBookFilter {
  /** The departments whose members are listed (one and those under it); undefined: everyone. */
  departIds?: string[];
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/** Active, not deleted users, in the chosen departments, matching the keyword. */
function conditions(db: Database, { departIds, keyword }: AddressBookFilter): SQL[] {
  const where: SQL[] = [eq(sysUser.status, 1), eq(sysUser.delFlag, 0)];
  if (departIds) {
    where.push(inArray(sysUser.id, db.select({ id: sysUserDepart.userId }).from(sysUserDepart).where(inArray(sysUserDepart.departId, departIds))));
  }
  if (keyword) {
    const pattern = likePattern(keyword);
    where.push(or(ilike(sysUser.realname, pattern), ilike(sysUser.username, pattern), ilike(sysUser.workNo, pattern), ilike(sysUser.phone, pattern))!);
  }
  return where;
}

export async function addressBookPage(db: Database, filter: AddressBookFilter): Promise<PageResult<AddressBookRow>> {
  const where = and(...conditions(db, filter));
  const [users, [total]] = await Promise.all([
    db
      .select({
        id: sysUser.id,
        realname: sysUser.realname,
        username: sysUser.username,
        workNo: sysUser.workNo,
        post: sql<string | null>`coalesce(${sysPosition.name}, ${sysUser.post})`,
        phone: sysUser.phone,
        email: sysUser.email,
        telephone: sysUser.telephone,
      })
      .from(sysUser)
      .leftJoin(sysPosition, eq(sysPosition.code, sysUser.post))
      .where(where)
      .orderBy(asc(sysUser.username))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize),
    db.select({ n: count() }).from(sysUser).where(where),
  ]);
  const departs =
    users.length === 0
      ? []
      : await db
          .select({ userId: sysUserDepart.userId, name: sysDepart.departName })
          .from(sysUserDepart)
          .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.departId))
          .where(
            and(
              inArray(
                sysUserDepart.userId,
                users.map((u) => u.id),
              ),
              eq(sysDepart.delFlag, 0),
            ),
          )
          .orderBy(asc(sysDepart.sortNo), asc(sysDepart.orgCode));
  const namesOf = new Map<string, string[]>();
  for (const d of departs) namesOf.set(d.userId, [...(namesOf.get(d.userId) ?? []), d.name]);
  return {
    records: users.map((u) => ({ ...u, departNames: (namesOf.get(u.id) ?? []).join(',') })),
    total: total?.n ?? 0,
    current: filter.pageNo,
    size: filter.pageSize,
  };
}
