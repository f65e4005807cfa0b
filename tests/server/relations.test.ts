import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KINDS, recordKinds } from '@contract/records.ts';
import type { Relation } from '@contract/relations.ts';
import {
  basicClass,
  basicStudent,
  basicTeacher,
  internshipAttachment,
  internshipEnrolment,
  internshipProgram,
  internshipRecord,
  internshipThread,
  internshipVisitStudent,
  internshipWarning,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
} from '../../server/db/schema.ts';
import type { RouteAccess } from '../../server/types.ts';
import { relationsTo, viewerOf } from '../../server/modules/relation/model.ts';
import { expectError, startTestApp, type TestApp } from './harness.ts';

/**
 * The relation model as a table: each person's relations to student01's placement, and what each relation
 * may do with each record kind (read, review), through the model and through the routes.
 */

let t: TestApp;
/** Every route as registered, with its config (as tests/server/route-matrix.test.ts sees them). */
const registered: RouteOptions[] = [];
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
let placementId: string;

type Person = 'student01' | 'teacher01' | 'mentor01' | 'headTeacher' | 'dept01' | 'otherMentor' | 'office01' | 'admin' | 'unrelated';
const PEOPLE: Person[] = ['student01', 'teacher01', 'mentor01', 'headTeacher', 'dept01', 'otherMentor', 'office01', 'admin', 'unrelated'];

/** Who holds what to student01's placement (软件技术2023级1班, 信息工程学院, adviser teacher01, mentor mentor01). */
const RELATIONS_HELD: Record<Person, Relation[]> = {
  student01: ['self'],
  teacher01: ['adviser'],
  mentor01: ['mentor'],
  // 班主任 of student01's class, advising nobody.
  headTeacher: ['headTeacher'],
  // 院系管理员 of 信息工程学院, who advises other students of the department.
  dept01: ['department'],
  // The mentor of another student at another unit.
  otherMentor: [],
  office01: ['office'],
  admin: ['admin'],
  unrelated: [],
};

/** Who reads and who reviews each kind (contract/records.ts access), written out so that a change to a declaration shows here. */
const WORK_READERS: Person[] = ['student01', 'teacher01', 'mentor01', 'headTeacher', 'dept01', 'office01', 'admin'];
const PERSONAL_READERS: Person[] = ['student01', 'teacher01', 'headTeacher', 'dept01', 'office01', 'admin'];
const REVIEWERS: Person[] = ['teacher01', 'office01', 'admin'];
const EXPECTED: Record<string, { read: Person[]; review: Person[] }> = {
  plan: { read: WORK_READERS, review: REVIEWERS },
  daily: { read: WORK_READERS, review: REVIEWERS },
  weekly: { read: WORK_READERS, review: REVIEWERS },
  monthly: { read: WORK_READERS, review: REVIEWERS },
  report: { read: WORK_READERS, review: REVIEWERS },
  leave: { read: PERSONAL_READERS, review: REVIEWERS },
  change: { read: PERSONAL_READERS, review: REVIEWERS },
  makeup: { read: PERSONAL_READERS, review: REVIEWERS },
  checkin: { read: WORK_READERS, review: REVIEWERS },
};

beforeAll(async () => {
  t = await startTestApp({}, { onRoute: (route) => void registered.push(route) });
  for (const name of ['student01', 'teacher01', 'mentor01', 'dept01', 'office01', 'admin'] as const) {
    tokens[name] = await t.login(name);
    const [row] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, name));
    users[name] = row!.id;
  }
  const [own] = await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(and(eq(internshipEnrolment.studentUserId, users.student01!), eq(internshipEnrolment.status, 'active')));
  placementId = own!.id;

  // A teacher who becomes 班主任 of student01's class and advises nobody.
  const head = await t.createUser({ roles: ['role-teacher'] });
  const [teacher] = await t.db.insert(basicTeacher).values({ workNo: `T${Date.now()}`.slice(0, 12), name: '班主任甲', sex: '1', departId: 'dep-info', userId: head.id }).returning({ id: basicTeacher.id });
  const [student] = await t.db.select({ classId: basicStudent.classId }).from(basicStudent).where(eq(basicStudent.userId, users.student01!));
  await t.db.update(basicClass).set({ headTeacherId: teacher!.id }).where(eq(basicClass.id, student!.classId));
  users.headTeacher = head.id;
  tokens.headTeacher = await t.login(head.username, head.password);

  // A mentor of another student's placement.
  const mentor = await t.createUser({ roles: ['role-mentor'] });
  const [other] = await t.db.select({ id: internshipEnrolment.id }).from(internshipEnrolment).where(ne(internshipEnrolment.studentUserId, users.student01!)).limit(1);
  await t.db.update(internshipEnrolment).set({ mentorUserId: mentor.id }).where(eq(internshipEnrolment.id, other!.id));
  users.otherMentor = mentor.id;
  tokens.otherMentor = await t.login(mentor.username, mentor.password);

  const unrelated = await t.createUser({ roles: ['role-teacher'] });
  users.unrelated = unrelated.id;
  tokens.unrelated = await t.login(unrelated.username, unrelated.password);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** The viewer of a logged-in person, as a route would see them. */
async function viewerFor(person: Person) {
  const { authenticate } = await import('../../server/modules/auth/auth-cache.ts');
  const session = await authenticate(t.db, t.app.authCache, tokens[person]!, 120);
  return viewerOf(t.db, session!.auth);
}

/** A filed record of a kind on student01's placement (made here where the demo has none). */
async function recordOf(kind: string): Promise<string> {
  const declaration = RECORD_KINDS[kind as keyof typeof RECORD_KINDS];
  const [found] = await t.db
    .select({ id: internshipRecord.id })
    .from(internshipRecord)
    .where(and(eq(internshipRecord.enrolmentId, placementId), eq(internshipRecord.kind, kind), ne(internshipRecord.status, 'draft'), ne(internshipRecord.status, 'submitted')))
    .limit(1);
  if (found) return found.id;
  const id = randomUUID();
  const status = declaration.lifecycle.type === 'review' ? 'reviewed' : declaration.lifecycle.type === 'approval' ? 'approved' : 'recorded';
  const periodStart = `2000-01-0${1 + recordKinds().indexOf(declaration)}`;
  await t.db.insert(internshipRecord).values({ id, kind, enrolmentId: placementId, periodStart, title: `${declaration.label}样例`, content: '', status, submittedAt: new Date() });
  return id;
}

describe('the relation model', () => {
  it.each(PEOPLE)('answers the relations %s holds to student01’s placement', async (person) => {
    expect(await relationsTo(t.db, await viewerFor(person), placementId)).toEqual(RELATIONS_HELD[person]);
  });

  it.each(recordKinds().map((d) => d.kind))('decides who reads and who reviews a %s, in the routes too', async (kind) => {
    const declaration = RECORD_KINDS[kind];
    const id = await recordOf(kind);
    const read: Person[] = [];
    for (const person of PEOPLE) {
      const response = await t.get(`/api${declaration.base}/${id}`, tokens[person]);
      expect([200, 404], `${person} reading a ${kind}`).toContain(response.status);
      if (response.status === 200) read.push(person);
    }
    expect(read).toEqual(EXPECTED[kind]!.read);
    const reviewers = PEOPLE.filter((person) => declaration.access.review.some((r) => RELATIONS_HELD[person].includes(r)));
    expect(reviewers).toEqual(EXPECTED[kind]!.review);
  });

  it('lets only the reviewers reach a 周记 to review it: others are refused by rule (403) or find nothing (404)', async () => {
    const id = await recordOf('weekly');
    const statuses: Record<string, number> = {};
    for (const person of PEOPLE) {
      // The record is no longer 已提交: whoever reaches it is told so (409), and nothing changes.
      const response = await t.post(`/api${RECORD_KINDS.weekly.base}/${id}/review`, { action: 'approve', score: 90, comment: '好' }, tokens[person]);
      statuses[person] = response.status;
    }
    expect(statuses).toEqual({ student01: 403, teacher01: 409, mentor01: 403, headTeacher: 403, dept01: 404, otherMentor: 403, office01: 409, admin: 409, unrelated: 403 });
  });

  it('gives the adviser’s pages to whoever advises, whatever their role, and not to a teacher who advises nobody', async () => {
    const menuOf = async (person: Person) => {
      const { menu } = (await t.get<{ menu: { path: string; children?: { path: string }[] }[] }>('/api/sys/permission/getUserPermissionByToken', tokens[person])).body.result!;
      const paths: string[] = [];
      const walk = (items: { path: string; children?: { path: string }[] }[]) => items.forEach((i) => (paths.push(i.path), walk((i as { children?: [] }).children ?? [])));
      walk(menu);
      return paths;
    };
    const adviserPages = ['/internship/review', '/internship/checkin-daily', '/internship/interaction', '/internship/visit'];
    expect(await menuOf('dept01')).toEqual(expect.arrayContaining(adviserPages));
    expect(await menuOf('teacher01')).toEqual(expect.arrayContaining(adviserPages));
    const unrelated = await menuOf('unrelated');
    expect(adviserPages.filter((p) => unrelated.includes(p))).toEqual([]);
    // The mentor reads their students' records on the review list (read only); the 班主任 records contacts with
    // their class's students (走访记录) and has none of the adviser's other pages.
    expect(await menuOf('mentor01')).toContain('/internship/review');
    expect((await menuOf('headTeacher')).filter((p) => adviserPages.includes(p))).toEqual(['/internship/visit']);
    expectError(await t.get(`/api${RECORD_KINDS.weekly.base}/review`, tokens.unrelated), 403, /权限/);
  });
});

/**
 * The route matrix of the relation model, generated from the routes' declarations: every route that reads
 * placements (scope 'placement'), called about student01's placement, its records and files by a person of no
 * relation to it, whose role holds every permission those routes name (all but the whole school's), answers
 * nothing of student01: a refusal, or an empty answer.
 */
/** Writes that name no object and act on whatever the caller reaches: answered, but about nothing of student01. */
const WHOLE_REACH = new Set(['POST /api/internship/warning/check']);

describe('every route that reads placements', () => {
  const scoped = () =>
    registered
      .filter((route) => (route.config as { access?: RouteAccess } | undefined)?.access && !(route.config as { access: RouteAccess }).access.public)
      .filter((route) => (route.config as { access: { scope: string } }).access.scope === 'placement')
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD').map((method) => ({ method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', url: route.url, access: (route.config as { access: { permission: string | null | ((b: unknown) => string | null) } }).access })));

  it('refuses a person of no relation, whatever permissions their role holds', async () => {
    const routes = scoped();
    expect(routes.length).toBeGreaterThan(40);
    // A role granted every code those routes ask, but not the whole school's reach.
    const codes = [...new Set(routes.map((r) => (typeof r.access.permission === 'function' ? r.access.permission({}) : r.access.permission)).filter((c): c is string => Boolean(c)))];
    const roleId = `role-matrix-${randomUUID().slice(0, 8)}`;
    await t.db.insert(sysRole).values({ id: roleId, roleCode: roleId, roleName: '全部权限（无关系）' });
    const rules = await t.db.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.perms, codes));
    await t.db.insert(sysRolePermission).values(rules.map((r) => ({ roleId, permissionId: r.id })));
    const stranger = await t.createUser({ roles: [roleId] });
    const token = await t.login(stranger.username, stranger.password);

    // What the calls name: student01's placement, a record of each kind on it, a file, a visit, a warning.
    const records = Object.fromEntries(await Promise.all(recordKinds().map(async (d) => [d.base, await recordOf(d.kind)] as const)));
    const attachmentId = randomUUID();
    const content = Buffer.from('%PDF-1.4 relation matrix');
    await t.db.insert(internshipAttachment).values({ id: attachmentId, recordId: records[RECORD_KINDS.weekly.base]!, uploaderId: users.student01!, fileName: '附件.pdf', mimeType: 'application/pdf', size: content.length, sha256: createHash('sha256').update(content).digest('hex'), content });
    const [visit] = await t.db.select({ id: internshipVisitStudent.visitId }).from(internshipVisitStudent).where(eq(internshipVisitStudent.enrolmentId, placementId)).limit(1);
    const [warning] = await t.db.select({ id: internshipWarning.id }).from(internshipWarning).where(eq(internshipWarning.enrolmentId, placementId)).limit(1);
    const [thread] = await t.db.select({ id: internshipThread.id }).from(internshipThread).where(eq(internshipThread.enrolmentId, placementId)).limit(1);
    const [placement] = await t.db.select({ programId: internshipEnrolment.programId }).from(internshipEnrolment).where(eq(internshipEnrolment.id, placementId));
    const [program] = await t.db.select({ id: internshipProgram.id }).from(internshipProgram).where(eq(internshipProgram.id, placement!.programId));
    expect([visit, warning, thread]).not.toContain(undefined);
    const pathId = (url: string) => {
      if (url.includes(':attachmentId')) return attachmentId;
      if (url.includes(':enrolmentId')) return placementId;
      if (url.startsWith('/api/internship/visit/')) return visit!.id;
      if (url.startsWith('/api/internship/interaction/')) return thread!.id;
      const base = Object.keys(records).find((b) => url.startsWith(`/api${b}/`));
      if (!base) throw new Error(`${url}: say which of student01's objects its path names`);
      return records[base]!;
    };
    const query = { id: placementId, programId: program!.id, enrolmentId: placementId, kind: 'agreement', ids: placementId };
    const leaks = ['李明', '2023010101', placementId];

    const answers: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(':kind', 'class').replace(/:\w+/g, () => pathId(route.url));
      const id = route.url.startsWith('/api/internship/warning/') ? warning!.id : query.id;
      const response = await t.app.inject({ method: route.method, url, query: { ...query, id }, headers: { 'X-Access-Token': token }, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
      const body = response.body;
      const seen = `${route.method} ${route.url}: ${response.statusCode} ${body.slice(0, 200)}`;
      answers.push(seen);
      expect(leaks.filter((leak) => body.includes(leak)), seen).toEqual([]);
      if (route.method !== 'GET' && !WHOLE_REACH.has(`${route.method} ${route.url}`)) expect(response.statusCode, seen).toBeGreaterThanOrEqual(400);
    }
    // 立即检查 acts on the caller's reach: a stranger's raises nothing on student01's placement, the office's does.
    await t.db.delete(internshipWarning).where(eq(internshipWarning.enrolmentId, placementId));
    const strangers = await t.app.inject({ method: 'POST', url: '/api/internship/warning/check', payload: {}, headers: { 'X-Access-Token': token } });
    expect(strangers.json<{ result: { total: number } }>().result.total).toBe(0);
    expect(await t.db.select({ id: internshipWarning.id }).from(internshipWarning).where(eq(internshipWarning.enrolmentId, placementId))).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/internship/warning/check', payload: {}, headers: { 'X-Access-Token': tokens.office01! } });
    expect((await t.db.select({ id: internshipWarning.id }).from(internshipWarning).where(eq(internshipWarning.enrolmentId, placementId))).length).toBeGreaterThan(0);
    // The same calls by student01's adviser do answer about student01 (so the matrix can see a leak).
    const record = await t.app.inject({ method: 'GET', url: `/api${RECORD_KINDS.weekly.base}/${records[RECORD_KINDS.weekly.base]}`, headers: { 'X-Access-Token': tokens.teacher01! } });
    expect(record.body).toContain('李明');
    expect(answers.length).toBe(routes.length);
  });
});
