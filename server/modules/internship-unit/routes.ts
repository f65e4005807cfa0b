import { eq, or } from 'drizzle-orm';
import { schoolToday } from '@contract/internship.ts';
import {
  MENTOR_ACCOUNT_MSG,
  UNIT_PERMISSIONS,
  UNIT_PUBLISHED_URL,
  UNIT_REVIEW_MSG,
  UNIT_SITE_REPORT,
  UNIT_SITE_VISIT_MSG,
  mentorAccountSchema,
  mentorAccountUrl,
  unitFileQuery,
  unitReviewSchema,
  unitReviewUrl,
} from '@contract/internship-unit.ts';
import { internshipUnit, internshipUnitContact, sysUser, sysUserRole } from '../../db/schema.ts';
import { PDF, doneAnswer } from '../../lib/answers.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { requireAuth, type App } from '../../types.ts';
import { UNIT_BINDINGS } from './bindings.ts';
import { registerOfficeFileUpload, sendOfficeFile } from '../documents/files.ts';
import { sendPdf } from '../documents/issue.ts';
import { forbiddenIndustryRefusal } from './rules.ts';
import { publishedUnitList } from './published-list.ts';
import { OFFICE_FILE_TYPES } from '../internship-placement/schemas.ts';

const MENTOR_ROLE = 'role-mentor';

/**
 * 实习单位 (ti04): the units, their posts and contacts (resource routes), the office's review, and a contact's
 * enterprise-mentor account. Units are the whole school's: every holder of the list code sees them all.
 */
export default async function internshipUnitRoutes(app: App) {
  const { db } = app;
  for (const binding of UNIT_BINDINGS) await registerResourceRoutes(app, binding);

  app.get(UNIT_PUBLISHED_URL, { config: { access: { permission: UNIT_PERMISSIONS.export, scope: 'all' }, fileAnswer: [PDF] } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const today = schoolToday();
    return sendPdf(reply, `${today.slice(0, 4)}年度实习单位名单`, await publishedUnitList(db, userId, today));
  });

  /** 考察报告: uploaded by whoever may edit units, read by whoever may list them. */
  await registerOfficeFileUpload(app, { url: UNIT_SITE_REPORT.upload, owner: UNIT_SITE_REPORT.owner, access: { permission: UNIT_PERMISSIONS.edit, scope: 'all' } });
  app.get(UNIT_SITE_REPORT.file, { config: { access: { permission: UNIT_PERMISSIONS.list, scope: 'all' }, fileAnswer: OFFICE_FILE_TYPES }, schema: { querystring: unitFileQuery } }, async (request, reply) => {
    const [unit] = await db.select({ report: internshipUnit.siteReportAttachmentId }).from(internshipUnit).where(eq(internshipUnit.id, request.query.id)).limit(1);
    if (!unit) throw notFound('实习单位不存在');
    return sendOfficeFile(db, app.files, reply, unit.report, UNIT_SITE_VISIT_MSG.noReport);
  });

  /** 通过 (待审核 or 停用 → 合作中), unless the industry is on the forbidden list; 不通过/停用 (→ 停用) with the reason. */
  app.post(unitReviewUrl, { config: { access: { permission: UNIT_PERMISSIONS.review, scope: 'all' } }, schema: { body: unitReviewSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { id, action, comment } = request.body;
    const [unit] = await db.select().from(internshipUnit).where(eq(internshipUnit.id, id)).limit(1);
    if (!unit) throw notFound('实习单位不存在');
    if (action === 'approve') {
      if (unit.status === 'active') throw badRequest(UNIT_REVIEW_MSG.alreadyActive);
      const refusal = await forbiddenIndustryRefusal(db, unit.name, unit.industry, '不能审核通过');
      if (refusal) throw badRequest(refusal);
    } else if (unit.status === 'disabled') throw badRequest(UNIT_REVIEW_MSG.alreadyDisabled);
    const now = new Date();
    await db
      .update(internshipUnit)
      .set({ status: action === 'approve' ? 'active' : 'disabled', reviewComment: comment?.trim() || null, reviewedBy: userId, reviewedAt: now, updatedAt: now })
      .where(eq(internshipUnit.id, id));
    return ok(null, action === 'approve' ? UNIT_REVIEW_MSG.approved : UNIT_REVIEW_MSG.disabled);
  });

  /** The contact's enterprise-mentor account (yhlx 2): username = their phone, an initial password to change at the first login. */
  app.post(mentorAccountUrl, { config: { access: { permission: UNIT_PERMISSIONS.edit, scope: 'all' } }, schema: { body: mentorAccountSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { id, password } = request.body;
    const [contact] = await db.select().from(internshipUnitContact).where(eq(internshipUnitContact.id, id)).limit(1);
    if (!contact) throw notFound('联系人不存在');
    if (contact.userId) throw badRequest(MENTOR_ACCOUNT_MSG.exists);
    const phone = contact.phone?.trim();
    if (!phone) throw badRequest(MENTOR_ACCOUNT_MSG.noPhone);
    const [taken] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(or(eq(sysUser.username, phone), eq(sysUser.phone, phone), eq(sysUser.workNo, phone)))
      .limit(1);
    if (taken) throw badRequest(MENTOR_ACCOUNT_MSG.taken(phone));
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(sysUser)
        .values({ username: phone, realname: contact.name, phone, yhlx: '2', passwordHash, passwordChangeRequired: true, status: 1 })
        .returning({ id: sysUser.id });
      await tx.insert(sysUserRole).values({ userId: user!.id, roleId: MENTOR_ROLE });
      await tx.update(internshipUnitContact).set({ userId: user!.id, updatedAt: new Date() }).where(eq(internshipUnitContact.id, id));
    });
    return ok(null, MENTOR_ACCOUNT_MSG.created(phone));
  });
}
