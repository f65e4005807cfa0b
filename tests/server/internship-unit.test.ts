import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNSHIP_RULES } from '@contract/internship-rules.ts';
import {
  CREDIT_CODE_CHARS,
  CREDIT_CODE_MSG,
  MENTOR_ACCOUNT_MSG,
  UNIT_REVIEW_MSG,
  UNIT_RULE_MSG,
  UNIT_SITE_REPORT,
  UNIT_SITE_VISIT_MSG,
  creditCodeCheckChar,
  creditCodeProblem,
} from '@contract/internship-unit.ts';
import type { PageResult } from '@contract/resource.ts';
import type { DictItemRow } from '@contract/dict.ts';
import type { OfficeFileMeta } from '@contract/documents.ts';
import { internshipAttachment, internshipUnit, internshipUnitContact, internshipUnitPost, sysUser, sysUserRole } from '../../server/db/schema.ts';
import { PDF, officeFileRequest } from './attachment-support.ts';
import { TEST_PASSWORD, expectError, expectOk, startTestApp, uniqueName, uniquePhone, userRow, type TestApp } from './harness.ts';

/** 实习单位 (ti04): the credit code, the office's review and the 2021 rules' forbidden list, posts, contacts and mentor accounts. */

type Row = Record<string, unknown> & { id: string };
const UNIT = '/api/internshipunit/ti04';

let t: TestApp;
const tokens: Record<'office' | 'dept' | 'admin' | 'teacher', string> = { office: '', dept: '', admin: '', teacher: '' };
beforeAll(async () => {
  t = await startTestApp();
  tokens.office = await t.login('office01');
  tokens.dept = await t.login('dept01');
  tokens.admin = await t.login('admin');
  tokens.teacher = await t.login('teacher01');
});
afterAll(() => t.close());

/** A valid code no other test uses: 17 random characters of the code set and their check character. */
function freshCode(): string {
  const body = `914419${Array.from({ length: 11 }, () => CREDIT_CODE_CHARS[randomInt(CREDIT_CODE_CHARS.length)]).join('')}`;
  return body + creditCodeCheckChar(body);
}
const unitBody = (body: object = {}) => ({ name: uniqueName('测试单位'), creditCode: freshCode(), industry: 'it', region: 'dongguan', employeeCount: 200, capacity: 10, ...body });
const addUnit = (body: object = {}, token = tokens.office) => t.post<Row>(`${UNIT}/add`, unitBody(body), token);
const review = (id: string, action: 'approve' | 'disable', comment?: string, token = tokens.office) => t.post<null>(`${UNIT}/review`, { id, action, comment }, token);
const unitById = async (id: string) => expectOk(await t.get<Row>(`${UNIT}/queryById`, tokens.office, { id }));

describe('the demo units', () => {
  it('40 units with valid codes: most 合作中, four 待审核 (one a KTV), two 停用; each active one with 1–3 posts and a contact', async () => {
    const units = await t.db.select().from(internshipUnit);
    expect(units).toHaveLength(40);
    expect(units.filter((u) => creditCodeProblem(u.creditCode ?? '') !== null)).toEqual([]);
    const byStatus = (status: string) => units.filter((u) => u.status === status);
    expect([byStatus('active').length, byStatus('pending').length, byStatus('disabled').length]).toEqual([34, 4, 2]);
    expect(byStatus('pending').map((u) => u.industry)).toContain('ktv');
    expect(units.every((u) => (u.employeeCount ?? 0) >= 1)).toBe(true);
    const posts = await t.db.select().from(internshipUnitPost);
    const contacts = await t.db.select().from(internshipUnitContact);
    for (const unit of byStatus('active')) {
      const own = posts.filter((p) => p.unitId === unit.id);
      expect(own.length, unit.name).toBeGreaterThanOrEqual(1);
      expect(own.length, unit.name).toBeLessThanOrEqual(3);
      expect(own.every((p) => p.headcount >= 1 && p.headcount <= unit.employeeCount! && Number(p.probationWage) > 0), unit.name).toBe(true);
      expect(contacts.some((c) => c.unitId === unit.id), unit.name).toBe(true);
    }
    // student01's unit stays, with its posts and mentor01 (张工) as its contact.
    const star = units.find((u) => u.name === '星辰软件科技有限公司')!;
    expect(star.status).toBe('active');
    expect(posts.filter((p) => p.unitId === star.id).map((p) => p.name)).toContain('软件测试实习生');
    const mentor = await userRow(t.db, 'mentor01');
    expect(contacts.find((c) => c.unitId === star.id)).toMatchObject({ name: '张工', userId: mentor!.id });
    // The other contacts' numbers are free: an account can be made for each.
    const clashing = await t.db.execute(sql`select c.phone from internship_unit_contact c join sys_user u on u.phone = c.phone or u.username = c.phone where c.user_id is null`);
    expect((clashing as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('the list answers at the old address with the status and labels, searchable by status', async () => {
    const page = expectOk(await t.get<PageResult<Row>>(`${UNIT}/apiList`, tokens.office, { status: 'pending', pageSize: '50' }));
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.records.every((r) => r.status === 'pending')).toBe(true);
    expect(page.records.map((r) => r.name)).toContain('东莞市金嗓子KTV娱乐有限公司');
  });
});

describe('the site assessment’s report', () => {
  it('is uploaded, saved with the unit and read back; a file of another kind or none is refused', async () => {
    const sent = await t.app.inject(officeFileRequest(UNIT_SITE_REPORT.upload, { name: '考察报告.pdf', type: 'application/pdf', content: PDF }, tokens.office));
    const file = expectOk<OfficeFileMeta>({ status: sent.statusCode, body: sent.json(), headers: sent.headers });
    expect(file.fileName).toBe('考察报告.pdf');
    const unit = expectOk(await addUnit({ siteVisitDate: '2026-09-01', siteVisitBy: '周老师', siteReportAttachmentId: file.id }));
    const read = await t.app.inject({ method: 'GET', url: `/api${UNIT_SITE_REPORT.file}`, query: { id: unit.id }, headers: { 'x-access-token': tokens.dept } });
    expect({ status: read.statusCode, type: read.headers['content-type'], head: read.rawPayload.subarray(0, 5).toString() }).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    // Only a file uploaded as a site report may be named; a unit without one says so.
    const [photo] = await t.db.select({ id: internshipAttachment.id }).from(internshipAttachment).where(ne(internshipAttachment.recordId, UNIT_SITE_REPORT.owner)).limit(1);
    expectError(await addUnit({ siteReportAttachmentId: photo?.id ?? 'no-such-file' }), 400, UNIT_SITE_VISIT_MSG.reportMissing);
    const bare = expectOk(await addUnit());
    const none = await t.app.inject({ method: 'GET', url: `/api${UNIT_SITE_REPORT.file}`, query: { id: bare.id }, headers: { 'x-access-token': tokens.office } });
    expect({ status: none.statusCode, message: none.json<{ message: string }>().message }).toEqual({ status: 404, message: UNIT_SITE_VISIT_MSG.noReport });
    const teacherUpload = await t.app.inject(officeFileRequest(UNIT_SITE_REPORT.upload, { name: 'x.pdf', type: 'application/pdf', content: PDF }, tokens.teacher));
    expect(teacherUpload.statusCode).toBe(403);
  });
});

describe('统一社会信用代码', () => {
  it('a code whose check character does not match is refused with its message, as is a malformed one', async () => {
    const code = freshCode();
    const typo = `${code.slice(0, 5)}${code[5] === '8' ? '9' : '8'}${code.slice(6)}`;
    expectError(await addUnit({ creditCode: typo }), 400, CREDIT_CODE_MSG.check);
    expectError(await addUnit({ creditCode: '9144190012345' }), 400, CREDIT_CODE_MSG.shape);
  });

  it('a code pasted with spaces or in lower case is stored trimmed and upper-cased, and is the same code as the stored one', async () => {
    const code = freshCode();
    const pasted = ` ${code.slice(0, 6)} ${code.slice(6).toLowerCase()}\t`;
    const unit = expectOk(await addUnit({ creditCode: pasted }), '添加成功！');
    expect((await unitById(unit.id)).creditCode).toBe(code);
    expectError(await addUnit({ creditCode: code.toLowerCase() }), 400, CREDIT_CODE_MSG.taken);
  });

  it('a code already registered is refused, on saving and in the duplicate check', async () => {
    const first = expectOk(await addUnit());
    expectError(await addUnit({ creditCode: first.creditCode }), 400, CREDIT_CODE_MSG.taken);
    const check = await t.get('/api/sys/duplicate/check', tokens.office, { tableName: 'internship_unit', fieldName: 'credit_code', fieldVal: String(first.creditCode) });
    expect(check.body.success).toBe(false);
    expectOk(await t.get('/api/sys/duplicate/check', tokens.office, { tableName: 'internship_unit', fieldName: 'credit_code', fieldVal: String(first.creditCode), dataId: first.id }));
  });
});

describe('the review', () => {
  it('a new unit starts 待审核 whatever is sent; 通过 makes it 合作中 with the comment and who did it', async () => {
    const unit = expectOk(await addUnit({ status: 'active' }), '添加成功！');
    expect(unit.status).toBe('pending');
    expectOk(await review(unit.id, 'approve', '资质齐全'), UNIT_REVIEW_MSG.approved);
    const office = await userRow(t.db, 'office01');
    expect(await unitById(unit.id)).toMatchObject({ status: 'active', reviewComment: '资质齐全', reviewedBy: office!.id });
    expectError(await review(unit.id, 'approve'), 400, UNIT_REVIEW_MSG.alreadyActive);
  });

  it('不通过 and 停用 need the reason; a 停用 unit can be approved again', async () => {
    const unit = expectOk(await addUnit());
    expectError(await review(unit.id, 'disable', ' '), 400, '请填写不通过或停用的原因');
    expectOk(await review(unit.id, 'disable', '营业执照已过期'), UNIT_REVIEW_MSG.disabled);
    expect(await unitById(unit.id)).toMatchObject({ status: 'disabled', reviewComment: '营业执照已过期' });
    expectError(await review(unit.id, 'disable', '再次停用'), 400, UNIT_REVIEW_MSG.alreadyDisabled);
    expectOk(await review(unit.id, 'approve'));
    expect((await unitById(unit.id)).status).toBe('active');
  });

  it('a unit of a forbidden industry is refused at approval with the rule’s text, naming the industry', async () => {
    const unit = expectOk(await addUnit({ name: '夜色KTV有限公司', industry: 'ktv' }));
    const refused = await review(unit.id, 'approve', '同意');
    expectError(refused, 400, /歌厅（KTV）/);
    expect(refused.body.message).toContain('夜色KTV有限公司');
    expect(refused.body.message).toContain(INTERNSHIP_RULES.forbiddenIndustry.text);
    expect(refused.body.message).toContain('第十六条');
    expect((await unitById(unit.id)).status).toBe('pending');
  });

  it('the office extends the forbidden list in 数据字典 and the check follows it; a disabled item no longer forbids', async () => {
    const unit = expectOk(await addUnit({ industry: 'culture' }));
    const item = expectOk(await t.post<DictItemRow>('/api/sys/dictItem/add', { dictId: 'dict-internship-forbidden-industry', itemText: '文化、体育和娱乐业', itemValue: 'culture' }, tokens.admin));
    try {
      expectError(await review(unit.id, 'approve'), 400, /文化、体育和娱乐业/);
      expectOk(await t.put('/api/sys/dictItem/edit', { id: item.id, itemText: item.itemText, itemValue: item.itemValue, status: '0' }, tokens.admin));
      expectOk(await review(unit.id, 'approve'));
    } finally {
      await t.request('DELETE', '/api/sys/dictItem/delete', { token: tokens.admin, query: { id: item.id } });
    }
  });

  it('an active unit cannot be moved into a forbidden industry; a pending one may be corrected either way', async () => {
    const unit = expectOk(await addUnit());
    expectOk(await review(unit.id, 'approve'));
    const { id, name, creditCode, region, employeeCount } = await unitById(unit.id);
    const refused = await t.put(`${UNIT}/edit`, { id, name, creditCode, region, employeeCount, industry: 'internet_cafe' }, tokens.office);
    expectError(refused, 400, /网吧/);
    expect(refused.body.message).toContain(INTERNSHIP_RULES.forbiddenIndustry.text);
    expect((await unitById(unit.id)).industry).toBe('it');
    const pending = expectOk(await addUnit());
    expectOk(await t.put(`${UNIT}/edit`, { ...unitBody({ creditCode: pending.creditCode, name: pending.name }), id: pending.id, industry: 'bar' }, tokens.office), '编辑成功！');
  });

  it('a unit with placements cannot be deleted; one without can', async () => {
    const [star] = await t.db.select().from(internshipUnit).where(eq(internshipUnit.name, '星辰软件科技有限公司'));
    expectError(await t.request('DELETE', `${UNIT}/delete`, { token: tokens.office, query: { id: star!.id } }), 400, /^该实习单位已有 \d+ 条实习安排，不能删除$/);
    const spare = expectOk(await addUnit());
    expectOk(await t.request('DELETE', `${UNIT}/delete`, { token: tokens.office, query: { id: spare.id } }));
  });
});

describe('who may do what', () => {
  it('the department administrator (dept01) lists and proposes units, and may neither review nor edit them', async () => {
    const page = expectOk(await t.get<PageResult<Row>>(`${UNIT}/apiList`, tokens.dept));
    expect(page.total).toBeGreaterThanOrEqual(40);
    const proposed = expectOk(await addUnit({}, tokens.dept));
    expect(proposed.status).toBe('pending');
    expectError(await review(proposed.id, 'approve', undefined, tokens.dept), 403, '没有权限执行此操作');
    expectError(await t.put(`${UNIT}/edit`, { ...unitBody(), id: proposed.id }, tokens.dept), 403, '没有权限执行此操作');
    expectError(await t.post(`${UNIT}/contact/account`, { id: proposed.id, password: TEST_PASSWORD }, tokens.dept), 403, '没有权限执行此操作');
  });

  it('a teacher sees no units', async () => {
    expectError(await t.get(`${UNIT}/apiList`, tokens.teacher), 403, '没有权限执行此操作');
  });

  it('what names no unit, post or contact answers 404', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    expectError(await t.get(`${UNIT}/queryById`, tokens.office, { id: none }), 404, '实习单位不存在');
    expectError(await review(none, 'approve'), 404, '实习单位不存在');
    expectError(await t.post(`${UNIT}/contact/account`, { id: none, password: TEST_PASSWORD }, tokens.office), 404, '联系人不存在');
    const unit = expectOk(await addUnit());
    expectError(await t.put(`${UNIT}/post/edit`, { id: none, unitId: unit.id, name: '岗位', headcount: 1, probationWage: 3000 }, tokens.office), 404, '岗位不存在');
    expectError(await t.post(`${UNIT}/post/add`, { unitId: none, name: '岗位', headcount: 1, probationWage: 3000 }, tokens.office), 400, '所选实习单位不存在');
  });
});

describe('posts and contacts', () => {
  it('a unit’s posts: listed by unit, a name once per unit, a headcount within the unit’s', async () => {
    const unit = expectOk(await addUnit({ employeeCount: 50 }));
    const other = expectOk(await addUnit());
    expectOk(await t.post(`${UNIT}/post/add`, { unitId: unit.id, name: '软件测试实习生', headcount: 10, probationWage: 4500 }, tokens.office));
    expectOk(await t.post(`${UNIT}/post/add`, { unitId: other.id, name: '软件测试实习生', headcount: 10, probationWage: 4500 }, tokens.office));
    expectError(await t.post(`${UNIT}/post/add`, { unitId: unit.id, name: '软件测试实习生', headcount: 5, probationWage: 4000 }, tokens.office), 400, '该单位已有岗位“软件测试实习生”');
    expectError(await t.post(`${UNIT}/post/add`, { unitId: unit.id, name: '运维', headcount: 60, probationWage: 4000 }, tokens.office), 400, '岗位在岗人数（60）不能超过单位职工总数（50）');
    // Together too: 10 on 软件测试实习生 and 45 more would be 55 of 50; and the staff cannot shrink below the posts.
    expectError(await t.post(`${UNIT}/post/add`, { unitId: unit.id, name: '运维', headcount: 45, probationWage: 4000 }, tokens.office), 400, UNIT_RULE_MSG.postsAboveStaff(55, 50));
    const ops = expectOk(await t.post<Row>(`${UNIT}/post/add`, { unitId: unit.id, name: '运维', headcount: 40, probationWage: 4000 }, tokens.office));
    expectOk(await t.put(`${UNIT}/post/edit`, { id: ops.id, unitId: unit.id, name: '运维', headcount: 40, probationWage: 4100 }, tokens.office));
    expectError(await t.put(`${UNIT}/edit`, { ...unitBody({ creditCode: unit.creditCode, name: unit.name, employeeCount: 45 }), id: unit.id }, tokens.office), 400, UNIT_RULE_MSG.staffBelowPosts(45, 50));
    expect((await unitById(unit.id)).employeeCount).toBe(50);
    await t.db.delete(internshipUnitPost).where(eq(internshipUnitPost.id, ops.id));
    const posts = expectOk(await t.get<PageResult<Row>>(`${UNIT}/post/list`, tokens.office, { unitId: unit.id }));
    expect(posts.records.map((p) => [p.name, p.headcount, p.probationWage])).toEqual([['软件测试实习生', 10, 4500]]);
    // dept01 reads them, and may not change them.
    expect(expectOk(await t.get<PageResult<Row>>(`${UNIT}/post/list`, tokens.dept, { unitId: unit.id })).total).toBe(1);
    expectError(await t.post(`${UNIT}/post/add`, { unitId: unit.id, name: '运维', headcount: 5, probationWage: 4000 }, tokens.dept), 403, '没有权限执行此操作');
  });

  it('the unit’s 联系人 is one of its contacts: a new name becomes a contact (with a mobile phone), a known one is not repeated', async () => {
    const contacts = async (unitId: string) => (await t.db.select({ name: internshipUnitContact.name, phone: internshipUnitContact.phone }).from(internshipUnitContact).where(eq(internshipUnitContact.unitId, unitId))).sort((a, b) => a.name.localeCompare(b.name));
    const phone = uniquePhone();
    const unit = expectOk(await addUnit({ contact: '陈经理', phone }));
    expect(await contacts(unit.id)).toEqual([{ name: '陈经理', phone }]);
    const edit = (body: object) => t.put(`${UNIT}/edit`, { ...unitBody({ creditCode: unit.creditCode, name: unit.name, ...body }), id: unit.id }, tokens.office);
    expectOk(await edit({ contact: '陈经理', phone: '0769-22880001' }));
    expectOk(await edit({ contact: ' 林主管 ', phone: '0769-22880001' }));
    expect(await contacts(unit.id)).toEqual([{ name: '林主管', phone: null }, { name: '陈经理', phone }]);
  });

  it('a contact gets an enterprise-mentor account on request: username = phone, yhlx 2, 企业导师, initial password to change', async () => {
    const unit = expectOk(await addUnit());
    const phone = uniquePhone();
    const contact = expectOk(await t.post<Row>(`${UNIT}/contact/add`, { unitId: unit.id, name: '梁经理', phone, title: '人事经理' }, tokens.office));
    expectError(await t.post(`${UNIT}/contact/account`, { id: contact.id, password: '123' }, tokens.office), 400, '密码由8位数字、大小写字母和特殊符号组成!');
    expectOk(await t.post(`${UNIT}/contact/account`, { id: contact.id, password: TEST_PASSWORD }, tokens.office), MENTOR_ACCOUNT_MSG.created(phone));
    const user = await userRow(t.db, phone);
    expect(user).toMatchObject({ username: phone, phone, realname: '梁经理', yhlx: '2', passwordChangeRequired: true, status: 1 });
    const roles = await t.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, user!.id));
    expect(roles).toEqual([{ roleId: 'role-mentor' }]);
    const [row] = await t.db.select().from(internshipUnitContact).where(eq(internshipUnitContact.id, contact.id));
    expect(row!.userId).toBe(user!.id);
    // The list shows the account; a second request is refused; the mentor logs in with the phone.
    const contacts = expectOk(await t.get<PageResult<Row>>(`${UNIT}/contact/list`, tokens.office, { unitId: unit.id }));
    expect(contacts.records[0]).toMatchObject({ name: '梁经理', username: phone });
    expectError(await t.post(`${UNIT}/contact/account`, { id: contact.id, password: TEST_PASSWORD }, tokens.office), 400, MENTOR_ACCOUNT_MSG.exists);
    expect((await t.loginRequest(phone, TEST_PASSWORD)).body.success).toBe(true);
  });

  it('no account for a contact without a phone, or whose phone another account has', async () => {
    const unit = expectOk(await addUnit());
    const noPhone = expectOk(await t.post<Row>(`${UNIT}/contact/add`, { unitId: unit.id, name: '无电话' }, tokens.office));
    expectError(await t.post(`${UNIT}/contact/account`, { id: noPhone.id, password: TEST_PASSWORD }, tokens.office), 400, MENTOR_ACCOUNT_MSG.noPhone);
    const teacherPhone = (await userRow(t.db, 'teacher01'))!.phone!;
    const taken = expectOk(await t.post<Row>(`${UNIT}/contact/add`, { unitId: unit.id, name: '重号', phone: teacherPhone }, tokens.office));
    expectError(await t.post(`${UNIT}/contact/account`, { id: taken.id, password: TEST_PASSWORD }, tokens.office), 400, MENTOR_ACCOUNT_MSG.taken(teacherPhone));
    const users = await t.db.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.phone, teacherPhone), eq(sysUser.yhlx, '2')));
    expect(users).toEqual([]);
  });
});
