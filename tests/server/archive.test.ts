import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_FILES, ARCHIVE_MSG, ARCHIVE_SECTIONS, ARCHIVE_URL, type ArchiveManifest, type ArchiveStatus } from '@contract/archive.ts';
import type { DocumentVerification } from '@contract/documents.ts';
import { RECORD_KINDS, type MyPlacementRecords } from '@contract/records.ts';
import { basicStudent, documentArchive, internshipAttachment, internshipEnrolment, internshipMessage, internshipRecord, internshipThread, sysUser } from '../../server/db/schema.ts';
import { cleanUpArchives } from '../../server/modules/archive/cleanup.ts';
import { expectError, expectOk, startTestApp, type TestApp } from './harness.ts';

/**
 * 一生一档 (issue 36): a student's archive from 实习成绩, made in the background with its progress, every record in
 * order with its review and its files as filed, the 鉴定表, the agreements, the 目录 and a manifest whose hashes are
 * those of the files; a class's as a zip of the students' zips; refused outside the caller's reach.
 */

let t: TestApp;
let office: string;
let placementId: string;
let programId: string;
let classId: string;
let studentUserId: string;
/** A photo filed on one of 李明's 周记, as the phone would send it. */
let photo: { bytes: Buffer; fileName: string; recordTitle: string };
/** A 互动 thread on 李明's placement. */
let thread: { title: string; message: string };

const api = (url: string) => `/api${url}`;
const textOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text as string;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Asks for an archive and follows its status until it is finished: every status seen, and the zip's entries. */
async function archive(body: object, token = office) {
  const started = expectOk(await t.post<ArchiveStatus>(api(ARCHIVE_URL.start), body, token));
  const seen: ArchiveStatus[] = [started];
  for (let polls = 0; seen.at(-1)!.status !== 'done' && seen.at(-1)!.status !== 'failed' && polls < 600; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.push(expectOk(await t.get<ArchiveStatus>(api(ARCHIVE_URL.status(started.id)), token)));
  }
  const response = await t.app.inject({ method: 'GET', url: api(ARCHIVE_URL.file(started.id)), headers: { 'x-access-token': token } });
  return { seen, status: seen.at(-1)!, response, entries: response.statusCode === 200 ? unzipSync(new Uint8Array(response.rawPayload)) : {} };
}

/** The manifest's files are the zip's (but itself), each of its size and hash. */
function checkManifest(entries: Record<string, Uint8Array>): ArchiveManifest {
  const manifest = JSON.parse(Buffer.from(entries[ARCHIVE_FILES.manifest]!).toString('utf8')) as ArchiveManifest;
  expect(manifest.files.map((f) => f.path).sort()).toEqual(Object.keys(entries).filter((p) => p !== ARCHIVE_FILES.manifest).sort());
  for (const file of manifest.files) expect({ path: file.path, size: entries[file.path]!.length, sha256: sha256(entries[file.path]!) }).toEqual(file);
  return manifest;
}

beforeAll(async () => {
  t = await startTestApp();
  office = await t.login('office01');
  const [placement] = expectOk(await t.get<MyPlacementRecords[]>(api(`${RECORD_KINDS.weekly.base}/mine`), await t.login('student01')));
  placementId = placement!.id;
  programId = placement!.programId;
  const [student] = await t.db.select({ classId: basicStudent.classId, userId: basicStudent.userId }).from(basicStudent).innerJoin(sysUser, eq(sysUser.id, basicStudent.userId)).where(eq(sysUser.username, 'student01'));
  classId = student!.classId;
  studentUserId = student!.userId;
  // A photo on 李明's latest filed 周记, its bytes in the file store as an upload puts them.
  const [weekly] = await t.db
    .select({ id: internshipRecord.id, title: internshipRecord.title })
    .from(internshipRecord)
    .where(and(eq(internshipRecord.enrolmentId, placementId), eq(internshipRecord.kind, 'weekly'), ne(internshipRecord.status, 'draft')))
    .orderBy(asc(internshipRecord.periodStart))
    .limit(1);
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } }).jpeg({ quality: 80 }).toBuffer();
  const hash = sha256(bytes);
  await t.app.files.put(hash, bytes, 'image/jpeg');
  photo = { bytes, fileName: '车间现场 照片.jpg', recordTitle: weekly!.title };
  await t.db.insert(internshipAttachment).values({ id: randomUUID(), recordId: weekly!.id, uploaderId: studentUserId, fileName: photo.fileName, mimeType: 'image/jpeg', size: bytes.length, sha256: hash });
  // A 互动 thread of 李明's with a line no demo thread has.
  const threadId = randomUUID();
  thread = { title: '关于测试用例评审的问题', message: '请老师看一下第三周的缺陷统计口径是否合适' };
  await t.db.insert(internshipThread).values({ id: threadId, enrolmentId: placementId, title: thread.title, createdBy: studentUserId });
  await t.db.insert(internshipMessage).values({ id: randomUUID(), threadId, authorId: studentUserId, content: thread.message });
});
afterAll(() => t.close());

describe('a student’s archive', () => {
  it('is made in the background to its total, every record in order with its review, the files as filed, the 鉴定表 and the agreements', async () => {
    const { seen, status, response, entries } = await archive({ scope: 'student', placementId });
    expect(seen[0]).toMatchObject({ scope: 'student', done: 0, total: 1 });
    expect(['queued', 'running']).toContain(seen[0]!.status);
    expect(status).toMatchObject({ status: 'done', done: 1, total: 1, fileName: `学生档案-李明-2023010101-2026届岗位实习.zip`, error: null });
    if (process.env.KEEP_ZIP) (await import('node:fs')).writeFileSync(process.env.KEEP_ZIP, response.rawPayload);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(status.fileName!);
    const [row] = await t.db.select().from(documentArchive).where(eq(documentArchive.id, status.id));
    expect(row).toMatchObject({ subjectId: studentUserId, programId, size: response.rawPayload.length, sha256: sha256(response.rawPayload) });

    const manifest = checkManifest(entries);
    const paths = manifest.files.map((f) => f.path);
    expect(paths.slice(0, 2)).toEqual([ARCHIVE_FILES.index, ARCHIVE_FILES.records]);
    expect(paths).toContain(ARCHIVE_FILES.appraisal);
    expect(paths.some((p) => p.startsWith(`${ARCHIVE_FILES.agreements}/01-三方协议-`))).toBe(true);
    // The photo as filed, byte for byte, under its original name in the 周记's folder.
    const weeklyFolder = ARCHIVE_SECTIONS.find((s) => s.key === 'weekly')!.folder;
    const photoPath = paths.find((p) => p.startsWith(`${weeklyFolder}/`) && p.endsWith(`-1-${photo.fileName}`))!;
    expect(photoPath).toBeTruthy();
    expect(sha256(entries[photoPath]!)).toBe(sha256(photo.bytes));

    // 实习过程记录: the sections in the archive's order, 李明's filed 周记 by week with their reviews; no draft.
    const records = await textOf(entries[ARCHIVE_FILES.records]!);
    const at = ARCHIVE_SECTIONS.map((s) => records.indexOf(`${s.folder}（共`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const weeklies = await t.db
      .select({ title: internshipRecord.title, status: internshipRecord.status, comment: internshipRecord.adviserComment })
      .from(internshipRecord)
      .where(and(eq(internshipRecord.enrolmentId, placementId), eq(internshipRecord.kind, 'weekly')))
      .orderBy(asc(internshipRecord.periodStart));
    const filed = weeklies.filter((w) => w.status !== 'draft');
    expect(filed.length).toBeGreaterThan(1);
    const positions = filed.map((w) => records.indexOf(w.title, at[1]));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const w of filed.filter((x) => x.comment)) expect(records).toContain(w.comment);
    expect(records).toContain(photoPath);
    for (const draft of weeklies.filter((w) => w.status === 'draft')) expect(records).not.toContain(draft.title);

    // The 目录 lists the files and carries a code anyone may verify; the 鉴定表 is 李明's.
    const index = await textOf(entries[ARCHIVE_FILES.index]!);
    expect(index).toContain('学生实习档案目录');
    expect(index).toContain(photoPath);
    const code = /核验码 ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(index)![1]!;
    expect(expectOk(await t.get<DocumentVerification>(api(`/documents/verify/${code}`)))).toMatchObject({ kind: 'archiveIndex', kindName: '学生档案目录', subjects: 1 });
    const appraisal = await textOf(entries[ARCHIVE_FILES.appraisal]!);
    expect(appraisal).toContain('学生实习鉴定表');
    expect(appraisal).toContain('2023010101');
    // 互动 is the student's, adviser's and mentor's: the office's archive leaves it out.
    expect(records).not.toContain(thread.message);
  });

  it('holds the 互动 threads for whom they are to: 李明’s adviser', async () => {
    const { status, entries } = await archive({ scope: 'student', placementId }, await t.login('teacher01'));
    expect(status.status).toBe('done');
    const records = await textOf(entries[ARCHIVE_FILES.records]!);
    expect(records).toContain(thread.title);
    expect(records).toContain(thread.message);
  });

  it('is refused to who may not make it, and outside the caller’s reach, in words', async () => {
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'student', placementId }, await t.login('student01')), 403, /权限/);
    const stranger = await t.createUser({ roles: ['role-teacher'] });
    const strangerToken = await t.login(stranger.username, stranger.password);
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'student', placementId }, strangerToken), 404, ARCHIVE_MSG.outOfReach);
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'class', classId, programId }, strangerToken), 404, ARCHIVE_MSG.classNone);
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'class', classId }, office), 400, ARCHIVE_MSG.classScope);
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'school' }, office), 400, ARCHIVE_MSG.scope);
    expectError(await t.post(api(ARCHIVE_URL.start), { scope: 'student', placementId: 'x' }, office), 400, ARCHIVE_MSG.placement);
    // Someone else's archive is not theirs to follow or download.
    const [mine] = await t.db.select({ id: documentArchive.id }).from(documentArchive).limit(1);
    expectError(await t.get(api(ARCHIVE_URL.status(mine!.id)), await t.login('teacher01')), 404, ARCHIVE_MSG.notFound);
    expectError(await t.get(api(ARCHIVE_URL.file(mine!.id)), await t.login('teacher01')), 404, ARCHIVE_MSG.notFound);
  });
});

describe('a class’s archive', () => {
  it('is a zip of each student’s zip within the caller’s reach, counted student by student', async () => {
    // An adviser of two of the class's placements reaches only those two students.
    const adviser = await t.createUser({ roles: ['role-teacher'] });
    const two = await t.db
      .select({ id: internshipEnrolment.id, no: basicStudent.studentNo, name: sysUser.realname })
      .from(internshipEnrolment)
      .innerJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
      .where(and(eq(internshipEnrolment.programId, programId), eq(basicStudent.classId, classId)))
      .orderBy(asc(basicStudent.studentNo))
      .limit(2);
    await t.db.update(internshipEnrolment).set({ adviserUserId: adviser.id }).where(inArray(internshipEnrolment.id, two.map((p) => p.id)));
    const token = await t.login(adviser.username, adviser.password);
    const { seen, status, entries } = await archive({ scope: 'class', classId, programId }, token);
    expect(status).toMatchObject({ status: 'done', done: 2, total: 2 });
    expect(seen.map((s) => s.done)).toEqual([...seen.map((s) => s.done)].sort());
    const manifest = checkManifest(entries);
    expect(manifest.files.map((f) => f.path)).toEqual(two.map((s, i) => `0${i + 1}-${s.no}-${s.name}.zip`));
    for (const file of manifest.files) checkManifest(unzipSync(entries[file.path]!));
  });
});

describe('cleaning up', () => {
  it('forgets archives a day after they were made (their zips go before the next is made), and calls one cut off by a stopped process interrupted', async () => {
    const zipOf = (id: string) => path.join(t.config.dataDir, 'archives', `${id}.zip`);
    const done = await t.db.select({ id: documentArchive.id }).from(documentArchive).where(eq(documentArchive.status, 'done'));
    expect(done.length).toBeGreaterThan(0);
    for (const { id } of done) expect(existsSync(zipOf(id))).toBe(true);
    const [stuck] = await t.db
      .insert(documentArchive)
      .values({ scope: 'student', subjectId: studentUserId, programId, status: 'running', total: 1, createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .returning();
    expect(await cleanUpArchives(t.db, new Date(Date.now() + 25 * 3_600_000))).toEqual({ removed: done.length, interrupted: 1 });
    const [after] = await t.db.select().from(documentArchive).where(eq(documentArchive.id, stuck!.id));
    expect(after).toMatchObject({ status: 'failed', error: ARCHIVE_MSG.interrupted });
    expectError(await t.get(api(ARCHIVE_URL.status(done[0]!.id)), office), 404, ARCHIVE_MSG.notFound);

    const next = await archive({ scope: 'student', placementId });
    expect(next.status.status).toBe('done');
    for (const { id } of done) expect(existsSync(zipOf(id))).toBe(false);
    expect(existsSync(zipOf(next.status.id))).toBe(true);
  });
});
