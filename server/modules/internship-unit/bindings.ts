import { and, eq, ne, sql, sum } from 'drizzle-orm';
import { z } from 'zod';
import { CONTACT_RESOURCE, POST_RESOURCE, RATING_MSG, RATING_RESOURCE, UNIT_RESOURCE, UNIT_RULE_MSG, UNIT_SITE_REPORT, UNIT_SITE_VISIT_MSG } from '@contract/internship-unit.ts';
import { PROFILE_PHONE_PATTERN } from '@contract/patterns.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipUnit, internshipUnitContact, internshipUnitPost, internshipUnitRating, practiceContract, sysUser } from '../../db/schema.ts';
import type { RefTable, ResourceBinding, Tx } from '../../lib/resource/binding.ts';
import { uniqueChecksOf, type DuplicateCheck } from '../basic/bindings.ts';
import { ownedFiles } from '../documents/files.ts';
import { forbiddenIndustryRefusal } from './rules.ts';

/** 实习单位 and its posts and contacts: bindings of contract/internship-unit.ts, served by the resource routes. */

type Row = Record<string, unknown>;

function withTimes(row: Row): object {
  const { createdAt, updatedAt, reviewedAt, ...fields } = row;
  return {
    ...fields,
    createTime: (createdAt as Date).toISOString(),
    updateTime: (updatedAt as Date).toISOString(),
    ...(reviewedAt === undefined ? {} : { reviewTime: reviewedAt ? (reviewedAt as Date).toISOString() : null }),
  };
}

export const UNIT_REF: RefTable = { table: internshipUnit, id: internshipUnit.id, label: internshipUnit.name, code: internshipUnit.creditCode, codeLabel: '统一社会信用代码' };

/** The headcount of a unit's posts together, leaving one post out (the one being edited). */
async function postsHeadcount(db: Database, unitId: string, except: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sum(internshipUnitPost.headcount) })
    .from(internshipUnitPost)
    .where(and(eq(internshipUnitPost.unitId, unitId), except ? ne(internshipUnitPost.id, except) : undefined));
  return Number(row?.n ?? 0);
}

/** A mobile number of the unit's 联系电话 is the new contact's (it becomes their mentor account); a landline is the unit's own. */
const contactPhone = (phone: unknown) => (typeof phone === 'string' && PROFILE_PHONE_PATTERN.test(phone.trim()) ? phone.trim() : null);

/** The unit's 联系人 is one of its contacts: a name the unit has no contact of yet becomes one. */
async function keepContact(tx: Tx, unitId: string, name: unknown, phone: unknown): Promise<void> {
  const contact = typeof name === 'string' ? name.trim() : '';
  if (!contact) return;
  const [known] = await tx
    .select({ id: internshipUnitContact.id })
    .from(internshipUnitContact)
    .where(and(eq(internshipUnitContact.unitId, unitId), eq(internshipUnitContact.name, contact)))
    .limit(1);
  if (!known) await tx.insert(internshipUnitContact).values({ unitId, name: contact, phone: contactPhone(phone) });
}

const UNIT_BINDING: ResourceBinding = {
  resource: UNIT_RESOURCE,
  table: internshipUnit,
  idColumn: internshipUnit.id,
  toRow: withTimes,
  usedBy: [
    { table: internshipEnrolment, column: internshipEnrolment.unitId, message: (subject, n) => `${subject}已有 ${n} 条实习安排，不能删除` },
    { table: practiceContract, column: practiceContract.unitId, message: (subject, n) => `${subject}已有 ${n} 份校企合作协议，不能删除` },
  ],
  related: {
    summaryOf: internshipUnitRating,
    on: internshipUnitRating.unitId,
    by: internshipUnit.id,
    columns: { ratingAverage: sql<string>`round(avg((${internshipUnitRating.safety} + ${internshipUnitRating.fit} + ${internshipUnitRating.guidance} + ${internshipUnitRating.pay}) / 4.0), 1)`, ratingCount: sql<number>`count(*)::int` },
    // numeric is text on the wire; a unit nobody rated has neither figure.
    answers: { ratingAverage: z.string().nullable(), ratingCount: z.number().int().nullable() },
  },
  importMatch: 'creditCode',
  // A new unit always waits for the office (the schema has no status); an active one cannot move into a forbidden industry;
  // the staff cannot shrink below the posts' headcount.
  check: async (db, input, id) => {
    const report = typeof input.siteReportAttachmentId === 'string' && input.siteReportAttachmentId ? input.siteReportAttachmentId : null;
    if (report && !(await ownedFiles(db, [report], UNIT_SITE_REPORT.owner)).has(report)) return UNIT_SITE_VISIT_MSG.reportMissing;
    if (!id) return null;
    const posts = await postsHeadcount(db, id, null);
    if (Number(input.employeeCount) < posts) return UNIT_RULE_MSG.staffBelowPosts(Number(input.employeeCount), posts);
    const [current] = await db.select({ status: internshipUnit.status, name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.id, id)).limit(1);
    if (current?.status !== 'active') return null;
    return forbiddenIndustryRefusal(db, String(input.name ?? current.name), input.industry as string | null | undefined, '合作中的单位不能改为该行业');
  },
  write: {
    insert: async (tx, inputs) => {
      const ids: string[] = [];
      for (let i = 0; i < inputs.length; i += 500) ids.push(...(await tx.insert(internshipUnit).values(inputs.slice(i, i + 500) as (typeof internshipUnit.$inferInsert)[]).returning({ id: internshipUnit.id })).map((r) => r.id));
      const contacts = inputs.flatMap((input, i) => (typeof input.contact === 'string' && input.contact.trim() ? [{ unitId: ids[i]!, name: input.contact.trim(), phone: contactPhone(input.phone) }] : []));
      for (let i = 0; i < contacts.length; i += 500) await tx.insert(internshipUnitContact).values(contacts.slice(i, i + 500));
      return ids;
    },
    update: async (tx, current, changes) => {
      await tx.update(internshipUnit).set(changes).where(eq(internshipUnit.id, String(current.id)));
      await keepContact(tx, String(current.id), changes.contact, changes.phone ?? current.phone);
    },
  },
};

/** A post's name is unique in its unit; its headcount is part of the unit's. */
async function postCheck(db: Database, input: Row, id: string | null): Promise<string | null> {
  const unitId = String(input.unitId);
  const [unit] = await db.select({ employeeCount: internshipUnit.employeeCount }).from(internshipUnit).where(eq(internshipUnit.id, unitId)).limit(1);
  if (unit?.employeeCount && Number(input.headcount) > unit.employeeCount) return `岗位在岗人数（${String(input.headcount)}）不能超过单位职工总数（${unit.employeeCount}）`;
  const posts = (await postsHeadcount(db, unitId, id)) + Number(input.headcount);
  if (unit?.employeeCount && posts > unit.employeeCount) return UNIT_RULE_MSG.postsAboveStaff(posts, unit.employeeCount);
  const [same] = await db
    .select({ id: internshipUnitPost.id })
    .from(internshipUnitPost)
    .where(and(eq(internshipUnitPost.unitId, unitId), eq(internshipUnitPost.name, String(input.name)), id ? ne(internshipUnitPost.id, id) : undefined))
    .limit(1);
  return same ? `该单位已有岗位“${String(input.name)}”` : null;
}

const POST_BINDING: ResourceBinding = {
  resource: POST_RESOURCE,
  table: internshipUnitPost,
  idColumn: internshipUnitPost.id,
  toRow: withTimes,
  refs: { unitId: UNIT_REF },
  usedBy: [{ table: internshipEnrolment, column: internshipEnrolment.postId, message: (subject, n) => `${subject}已有 ${n} 条实习安排，不能删除` }],
  check: postCheck,
};

const CONTACT_BINDING: ResourceBinding = {
  resource: CONTACT_RESOURCE,
  table: internshipUnitContact,
  idColumn: internshipUnitContact.id,
  toRow: withTimes,
  refs: { unitId: UNIT_REF },
  related: { table: sysUser, on: sysUser.id, by: internshipUnitContact.userId, columns: { username: sysUser.username } },
};

/** 实习基地评价: the rater is whoever saves it, and only they change it; one per rater, unit and season. */
const RATING_BINDING: ResourceBinding = {
  resource: RATING_RESOURCE,
  table: internshipUnitRating,
  idColumn: internshipUnitRating.id,
  toRow: withTimes,
  refs: { unitId: UNIT_REF, programId: { table: internshipProgram, id: internshipProgram.id, label: internshipProgram.name } },
  related: { table: sysUser, on: sysUser.id, by: internshipUnitRating.raterUserId, columns: { raterName: sysUser.realname } },
  owner: { column: internshipUnitRating.raterUserId, message: RATING_MSG.own, oncePer: { columns: [internshipUnitRating.unitId, internshipUnitRating.programId], message: RATING_MSG.once } },
};

/** The units' resources, served by the resource routes (routes.ts). */
export const UNIT_BINDINGS = [UNIT_BINDING, POST_BINDING, CONTACT_BINDING, RATING_BINDING];

/** /sys/duplicate/check for the unit's 统一社会信用代码 (UNIT_RESOURCE's unique field). */
export const UNIT_DUPLICATE_CHECKS: Record<string, DuplicateCheck> = uniqueChecksOf(UNIT_RESOURCE, internshipUnit, internshipUnit.id);
