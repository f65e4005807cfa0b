import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { USER_ADMIN_MSG } from '@contract/user-admin.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, basicTeacher, sysSession, sysUser, sysUserDepart, sysUserRole } from '../../db/schema.ts';
import { insertRows } from '../../lib/bulk-insert.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/http.ts';
import type { RowIssue } from '../../lib/import-rows.ts';
import type { RelatedValues, ResourceBinding, Tx, WriteHooks } from '../../lib/resource/binding.ts';

/**
 * Teachers and students each own a login account (DOMAIN.md "People and accounts"): a sys_user of yhlx 0 or 1
 * whose username and 工号 are the 工号/学号, with the person's name, sex, phone and department, the role of
 * their kind, and the initial password, which the first login must change. The basic row and the account are
 * written together in one transaction.
 */

type Row = Record<string, unknown>;

export interface PersonKind {
  table: PgTable;
  id: PgColumn;
  userId: PgColumn;
  /** The person table's fields an input gives (all of them, for inserting many rows alike). */
  fields: readonly string[];
  /** The field holding the 工号/学号, which is also the login name. */
  numberField: string;
  numberLabel: string;
  yhlx: '0' | '1';
  roleId: string;
  /** Each row's department (the teacher's own, the student's class's major's), looked up for many rows at once. */
  departsOf: (db: Database, rows: readonly Row[]) => Promise<(row: Row) => string | null>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
/** sys_user.sex is a number (1 男, 2 女); the person's is the dictionary value. */
const sexNumber = (value: unknown) => (value === '1' || value === '2' ? Number(value) : null);
const accountStatus = (value: unknown, otherwise: number) => (value === '2' ? 2 : value === '1' ? 1 : otherwise);

export const TEACHER_KIND: PersonKind = {
  table: basicTeacher,
  id: basicTeacher.id,
  userId: basicTeacher.userId,
  fields: ['workNo', 'name', 'sex', 'phone', 'departId', 'title'],
  numberField: 'workNo',
  numberLabel: '工号',
  yhlx: '0',
  roleId: 'role-teacher',
  departsOf: () => Promise.resolve((row) => text(row.departId)),
};

export const STUDENT_KIND: PersonKind = {
  table: basicStudent,
  id: basicStudent.id,
  userId: basicStudent.userId,
  fields: ['studentNo', 'name', 'sex', 'birthday', 'phone', 'classId', 'grade', 'status'],
  numberField: 'studentNo',
  numberLabel: '学号',
  yhlx: '1',
  roleId: 'role-student',
  departsOf: async (db, rows) => {
    const classIds = [...new Set(rows.map((r) => text(r.classId)).filter((id): id is string => id !== null))];
    const found =
      classIds.length === 0
        ? []
        : await db.select({ classId: basicClass.id, departId: basicMajor.departId }).from(basicClass).innerJoin(basicMajor, eq(basicMajor.id, basicClass.majorId)).where(inArray(basicClass.id, classIds));
    const byClass = new Map(found.map((f) => [f.classId, f.departId]));
    return (row) => byClass.get(String(row.classId)) ?? null;
  },
};

/** Only the person table's own columns of an input (the password and account status belong to the account). */
function personColumns(table: PgTable, input: Row): Row {
  const columns = getTableColumns(table);
  const values = Object.fromEntries(Object.entries(input).filter(([name]) => name in columns));
  if ('phone' in values) values.phone = text(values.phone);
  return values;
}

/**
 * The account checks of many rows in one query: a 工号/学号 that another account already has as its username
 * or 工号, a phone another account holds (sys_user.phone is unique), and a phone repeated in the same file.
 */
export function accountChecks(kind: PersonKind): NonNullable<ResourceBinding['checkRows']> {
  return async (db, candidates, selfId) => {
    const [self] = selfId ? await db.select({ userId: kind.userId }).from(kind.table).where(eq(kind.id, selfId)).limit(1) : [];
    const numbers = [...new Set(candidates.map((c) => text(c[kind.numberField])).filter((v): v is string => v !== null))];
    const phones = [...new Set(candidates.map((c) => text(c.phone)).filter((v): v is string => v !== null))];
    const takenNumbers = new Set<string>();
    const takenPhones = new Set<string>();
    const conditions = [
      ...(numbers.length > 0 ? [inArray(sysUser.username, numbers), inArray(sysUser.workNo, numbers)] : []),
      ...(phones.length > 0 ? [inArray(sysUser.phone, phones)] : []),
    ];
    if (conditions.length > 0) {
      const found = await db
        .select({ username: sysUser.username, workNo: sysUser.workNo, phone: sysUser.phone })
        .from(sysUser)
        .where(and(or(...conditions), self ? ne(sysUser.id, String(self.userId)) : undefined));
      const asked = new Set(numbers);
      const askedPhones = new Set(phones);
      for (const user of found) {
        if (asked.has(user.username)) takenNumbers.add(user.username);
        if (user.workNo && asked.has(user.workNo)) takenNumbers.add(user.workNo);
        if (user.phone && askedPhones.has(user.phone)) takenPhones.add(user.phone);
      }
    }
    const seenPhones = new Set<string>();
    return (input) => {
      const issues: RowIssue[] = [];
      const number = text(input[kind.numberField]);
      if (number && takenNumbers.has(number)) issues.push({ field: kind.numberField, message: `${kind.numberLabel}已被其他账号（用户名或工号）使用` });
      const phone = text(input.phone);
      if (phone) {
        if (seenPhones.has(phone)) issues.push({ field: 'phone', message: '手机号码（文件中重复）' });
        else if (takenPhones.has(phone)) issues.push({ field: 'phone', message: '手机号码已被其他账号使用' });
        seenPhones.add(phone);
      }
      return issues;
    };
  };
}

const revokeSessions = (tx: Tx, userIds: string[]) =>
  tx
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sysSession.userId, userIds), isNull(sysSession.revokedAt)));

/** Writes the person and the account together. */
export function accountWrites(kind: PersonKind): WriteHooks {
  return {
    async insert(tx, inputs) {
      // One hash per distinct initial password, not per account: a school gives a class or a whole import one
      // initial password, which every account must change at its first login (password_change_required), so a
      // salt of its own per account would protect nothing for long and would cost ~60 ms each (5 minutes for 5,000).
      const hashes = new Map<string, string>();
      for (const password of new Set(inputs.map((i) => String(i.password)))) hashes.set(password, await hashPassword(password));
      const departOf = await kind.departsOf(tx, inputs);
      // Ids made here, so the account, its links and the person go in as a few bulk statements (an import of thousands).
      const people = inputs.map((input) => ({ input, id: randomUUID(), userId: randomUUID(), departId: departOf(input) }));
      await insertRows(
        tx,
        sysUser,
        people.map(({ input, userId, departId }) => ({
          id: userId,
          username: String(input[kind.numberField]),
          workNo: String(input[kind.numberField]),
          realname: String(input.name),
          passwordHash: hashes.get(String(input.password))!,
          sex: sexNumber(input.sex),
          phone: text(input.phone),
          yhlx: kind.yhlx,
          status: accountStatus(input.accountStatus, 1),
          passwordChangeRequired: true,
          currentDepartId: departId,
        })),
      );
      await insertRows(
        tx,
        sysUserRole,
        people.map(({ userId }) => ({ userId, roleId: kind.roleId })),
      );
      await insertRows(
        tx,
        sysUserDepart,
        people.flatMap(({ userId, departId }) => (departId ? [{ userId, departId }] : [])),
      );
      await insertRows(
        tx,
        kind.table,
        people.map(({ input, id, userId }) => ({ ...Object.fromEntries(kind.fields.map((f) => [f, input[f] === '' ? null : (input[f] ?? null)])), id, userId })),
      );
      return people.map((p) => p.id);
    },

    async update(tx, current, changes, context) {
      if (changes.accountStatus === '2' && current.userId === context.userId) throw badRequest(USER_ADMIN_MSG.freezeSelf);
      const [row] = (await tx
        .update(kind.table)
        .set(personColumns(kind.table, changes))
        .where(eq(kind.id, String(current.id)))
        .returning()) as Row[];
      const userId = String(current.userId);
      const departOf = await kind.departsOf(tx, [current, row!]);
      const [before, after] = [departOf(current), departOf(row!)];
      const [user] = await tx.select({ status: sysUser.status, currentDepartId: sysUser.currentDepartId }).from(sysUser).where(eq(sysUser.id, userId));
      const status = accountStatus(changes.accountStatus, user!.status);
      await tx
        .update(sysUser)
        .set({
          realname: String(row!.name),
          sex: sexNumber(row!.sex),
          phone: text(row!.phone),
          status,
          currentDepartId: !user!.currentDepartId || user!.currentDepartId === before ? after : user!.currentDepartId,
          updatedAt: new Date(),
        })
        .where(eq(sysUser.id, userId));
      // The account moves with the person; departments given to it elsewhere (用户管理) stay.
      if (before !== after) {
        if (before) await tx.delete(sysUserDepart).where(and(eq(sysUserDepart.userId, userId), eq(sysUserDepart.departId, before)));
        if (after) await tx.insert(sysUserDepart).values({ userId, departId: after }).onConflictDoNothing();
      }
      // A frozen account leaves at once, as 用户管理's 冻结 does.
      if (status === 2 && user!.status !== 2) await revokeSessions(tx, [userId]);
    },

    async remove(tx, rows) {
      await tx.delete(kind.table).where(
        inArray(
          kind.id,
          rows.map((r) => String(r.id)),
        ),
      );
      await tx.delete(sysUser).where(
        inArray(
          sysUser.id,
          rows.map((r) => String(r.userId)),
        ),
      );
    },
  };
}

/** The account beside each person of a page: its id (already on the row), login name and status. */
/** The person's account name and status, shown with each row (ResourceBinding.related). */
export const accountValues = (kind: PersonKind): RelatedValues => ({
  table: sysUser,
  on: sysUser.id,
  by: kind.userId,
  columns: { username: sysUser.username, accountStatus: sql<string | null>`${sysUser.status}::text` },
  answers: { accountStatus: z.string().nullable() },
});
