import { and, eq, ne } from 'drizzle-orm';
import { CONTACT_RESOURCE, POST_RESOURCE, UNIT_RESOURCE } from '@contract/internship-unit.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipUnit, internshipUnitContact, internshipUnitPost, practiceContract, sysUser } from '../../db/schema.ts';
import type { RefTable, ResourceBinding } from '../../lib/resource-routes.ts';
import type { DuplicateCheck } from '../basic/bindings.ts';
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

const UNIT_REF: RefTable = { table: internshipUnit, id: internshipUnit.id, label: internshipUnit.name, code: internshipUnit.creditCode, codeLabel: '统一社会信用代码' };

export const UNIT_BINDING: ResourceBinding = {
  resource: UNIT_RESOURCE,
  table: internshipUnit,
  idColumn: internshipUnit.id,
  toRow: withTimes,
  usedBy: [
    { table: internshipEnrolment, column: internshipEnrolment.unitId, message: (subject, n) => `${subject}已有 ${n} 条实习安排，不能删除` },
    { table: practiceContract, column: practiceContract.unitId, message: (subject, n) => `${subject}已有 ${n} 份校企合作协议，不能删除` },
  ],
  importMatch: 'creditCode',
  // A new unit always waits for the office (the schema has no status); an active one cannot move into a forbidden industry.
  check: async (db, input, id) => {
    if (!id) return null;
    const [current] = await db.select({ status: internshipUnit.status, name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.id, id)).limit(1);
    if (current?.status !== 'active') return null;
    return forbiddenIndustryRefusal(db, String(input.name ?? current.name), input.industry as string | null | undefined, '合作中的单位不能改为该行业');
  },
};

/** A post's name is unique in its unit; its headcount is part of the unit's. */
async function postCheck(db: Database, input: Row, id: string | null): Promise<string | null> {
  const unitId = String(input.unitId);
  const [unit] = await db.select({ employeeCount: internshipUnit.employeeCount }).from(internshipUnit).where(eq(internshipUnit.id, unitId)).limit(1);
  if (unit?.employeeCount && Number(input.headcount) > unit.employeeCount) return `岗位在岗人数（${String(input.headcount)}）不能超过单位职工总数（${unit.employeeCount}）`;
  const [same] = await db
    .select({ id: internshipUnitPost.id })
    .from(internshipUnitPost)
    .where(and(eq(internshipUnitPost.unitId, unitId), eq(internshipUnitPost.name, String(input.name)), id ? ne(internshipUnitPost.id, id) : undefined))
    .limit(1);
  return same ? `该单位已有岗位“${String(input.name)}”` : null;
}

export const POST_BINDING: ResourceBinding = {
  resource: POST_RESOURCE,
  table: internshipUnitPost,
  idColumn: internshipUnitPost.id,
  toRow: withTimes,
  refs: { unitId: UNIT_REF },
  usedBy: [{ table: internshipEnrolment, column: internshipEnrolment.postId, message: (subject, n) => `${subject}已有 ${n} 条实习安排，不能删除` }],
  check: postCheck,
};

export const CONTACT_BINDING: ResourceBinding = {
  resource: CONTACT_RESOURCE,
  table: internshipUnitContact,
  idColumn: internshipUnitContact.id,
  toRow: withTimes,
  refs: { unitId: UNIT_REF },
  related: { table: sysUser, on: sysUser.id, by: internshipUnitContact.userId, columns: { username: sysUser.username } },
};

/** /sys/duplicate/check for the unit's 统一社会信用代码 (UNIT_RESOURCE's unique field). */
export const UNIT_DUPLICATE_CHECKS: Record<string, DuplicateCheck> = {
  'internship_unit.credit_code': { column: internshipUnit.creditCode, id: internshipUnit.id },
};
