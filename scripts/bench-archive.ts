/**
 * npm run bench:archive — the 一生一档 of a class (issue 36) at DOMAIN's size: 45 students, each with 20 records
 * (实习计划书, 14 周记, 4 月报, 实习报告; reviewed, with comments) and 10 photos of a phone's size (1600 px JPEGs of
 * 300–450 KB, each its own bytes), and a 三方协议, on PGlite.
 *
 * The demo school with one class of 45 students more is prepared through the server's own modules in a fresh data
 * directory (.tmp/bench-archive-data), the class placed in the running 岗位实习 and its records and photos written
 * straight to the database and the file store. The real server starts on it (port 8895); office01 asks for the
 * class's archive and follows its status to the end. Prints the seconds from asking to done and the server's peak
 * memory (RSS, its high-water mark reset before asking, sampled too) above its idle RSS; checks the zip holds one
 * zip per student. Exits 1 over TARGET_SECONDS or TARGET_MB, or when the archive is not what was asked for.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { ARCHIVE_FILES, ARCHIVE_URL, type ArchiveManifest, type ArchiveStatus } from '../contract/archive.ts';
import { addDays, mondayOf } from '../contract/internship.ts';
import type { Database } from '../server/db/database.ts';
import { demoPdf } from '../server/db/demo-internship-placements.ts';
import { monthlyContent, planContent, REVIEW_COMMENTS, weeklyContent, weeklyTitle, type Chooser } from '../server/db/demo-season-texts.ts';
import { basicStudent, internshipAttachment, internshipEnrolment, internshipProgram, internshipProgramClass, internshipRecord, internshipReviewLog, internshipUnit, sysUser } from '../server/db/schema.ts';
import { directoryFileStore } from '../server/lib/file-store.ts';
import { insertRows } from '../server/lib/bulk-insert.ts';
import { call, loginToken, schoolOnPglite, type School } from './bench-school.ts';
import { ROOT, exitCodeOf, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8895;
const API_URL = `http://127.0.0.1:${PORT}/api`;
const DATA_DIR = '.tmp/bench-archive-data';
const STUDENTS = 45;
const WEEKLIES = 14;
const MONTHLIES = 4;
/** 实习计划书, the 周记, the 月报 and the 实习报告. */
const RECORDS = 1 + WEEKLIES + MONTHLIES + 1;
const PHOTOS = 10;
const TARGET_SECONDS = 30;
const TARGET_MB = 300;
const MB = 1024 * 1024;

/** A stable choice of the demo's sentences from the keys (as the demo season makes its records read differently). */
const pick: Chooser = (items, ...keys) => items[createHash('sha1').update(keys.join('/')).digest().readUInt32BE(0) % items.length]!;

/** Photo-like JPEGs: coloured noise, blurred, at a phone's 1600 px and quality 82 (300–450 KB each). */
async function basePhotos(): Promise<Buffer[]> {
  return Promise.all(
    [2, 2.4, 2.8, 3].map(async (sigma) => {
      const noise = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
      return sharp(noise).resize(1600, 1200).blur(sigma).modulate({ saturation: 1.3 }).jpeg({ quality: 82 }).toBuffer();
    }),
  );
}

/** The base photo made a file of its own: a JPEG comment (COM segment) with its name right after the start marker. */
function ownPhoto(base: Buffer, name: string): Buffer {
  const comment = Buffer.from(name, 'utf8');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, comment, base.subarray(2)]);
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The class of 45 placed in the running 岗位实习 with its records, reviews, photos and agreements. */
async function placeClass(db: Database, school: School): Promise<{ classId: string; programId: string; photoBytes: number }> {
  const classId = school.classIds.at(-1)!;
  const [program] = await db.select().from(internshipProgram).where(and(eq(internshipProgram.type, 'post'), eq(internshipProgram.status, 'running'))).limit(1);
  const [unit] = await db.select({ id: internshipUnit.id, name: internshipUnit.name }).from(internshipUnit).where(eq(internshipUnit.status, 'active')).limit(1);
  const [adviser] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'teacher01'));
  const students = await db.select({ userId: basicStudent.userId, no: basicStudent.studentNo }).from(basicStudent).where(eq(basicStudent.classId, classId)).orderBy(basicStudent.studentNo);
  if (!program || !unit || !adviser || students.length !== STUDENTS) throw new Error(`演示数据不完整：班级有 ${students.length} 名学生`);
  const files = directoryFileStore(path.join(ROOT, DATA_DIR, 'files'));
  const bases = await basePhotos();
  const context = { unit: unit.name, post: '软件测试实习生' };
  const reviewedAt = new Date(`${addDays(program.startDate, 3)}T10:00:00+08:00`);
  let photoBytes = 0;
  const enrolments: (typeof internshipEnrolment.$inferInsert)[] = [];
  const records: (typeof internshipRecord.$inferInsert)[] = [];
  const reviews: (typeof internshipReviewLog.$inferInsert)[] = [];
  const attachments: (typeof internshipAttachment.$inferInsert)[] = [];
  const file = async (recordId: string, uploaderId: string, fileName: string, mimeType: string, bytes: Buffer) => {
    const sha256 = hashOf(bytes);
    await files.put(sha256, bytes, mimeType);
    attachments.push({ id: randomUUID(), recordId, uploaderId, fileName, mimeType, size: bytes.length, sha256, createdAt: reviewedAt });
  };
  for (const student of students) {
    const enrolmentId = randomUUID();
    const agreement = demoPdf([`Agreement ${student.no}`]);
    await file(enrolmentId, adviser.id, `三方协议-${student.no}.pdf`, 'application/pdf', agreement);
    enrolments.push({ id: enrolmentId, programId: program.id, studentUserId: student.userId, unitId: unit.id, post: context.post, adviserUserId: adviser.id, startDate: program.startDate, endDate: program.endDate, status: 'active', agreementAttachmentId: attachments.at(-1)!.id, insured: true, preTrainingDate: program.startDate });
    const record = (kind: string, periodStart: string, title: string, content: string) => {
      const id = randomUUID();
      const score = 80 + (records.length % 15);
      const comment = pick(REVIEW_COMMENTS, student.no, kind, periodStart);
      records.push({ id, kind, enrolmentId, periodStart, title, content, status: 'reviewed', score, adviserComment: comment, submittedAt: reviewedAt, receivedAt: reviewedAt, reviewedAt, reviewerId: adviser.id });
      reviews.push({ recordId: id, action: 'approve', score, comment, reviewerId: adviser.id, createdAt: reviewedAt });
      return id;
    };
    record('plan', program.startDate, '个人实习计划', planContent(pick, context, student.no, 300));
    const first = mondayOf(program.startDate);
    for (let week = 1; week <= WEEKLIES; week++) {
      const id = record('weekly', addDays(first, (week - 1) * 7), weeklyTitle(pick, student.no, week), weeklyContent(pick, context, student.no, week, 400));
      if (week <= PHOTOS) {
        const bytes = ownPhoto(bases[week % bases.length]!, `${student.no}-${week}`);
        photoBytes += bytes.length;
        await file(id, student.userId, `IMG_${student.no.slice(-4)}${String(week).padStart(2, '0')}.jpg`, 'image/jpeg', bytes);
      }
    }
    for (let month = 0; month < MONTHLIES; month++) {
      const firstDay = new Date(`${program.startDate.slice(0, 7)}-01T00:00:00Z`);
      firstDay.setUTCMonth(firstDay.getUTCMonth() + month + 1);
      const periodStart = firstDay.toISOString().slice(0, 10);
      record('monthly', periodStart, `${Number(periodStart.slice(5, 7))}月月报`, monthlyContent(pick, context, student.no, Number(periodStart.slice(5, 7)), 500));
    }
    record('report', program.startDate, '岗位实习报告', planContent(pick, context, `${student.no}/report`, 1500));
  }
  await db.transaction(async (tx) => {
    await tx.insert(internshipProgramClass).values({ programId: program.id, classId }).onConflictDoNothing();
    await insertRows(tx, internshipEnrolment, enrolments);
    await insertRows(tx, internshipRecord, records);
    await insertRows(tx, internshipReviewLog, reviews);
    await insertRows(tx, internshipAttachment, attachments);
  });
  return { classId, programId: program.id, photoBytes };
}

/** The server's resident memory now, and its high-water mark since it was last reset (bytes). */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

async function main(): Promise<number> {
  const prepared = await schoolOnPglite(DATA_DIR, { moreStudents: STUDENTS, extend: placeClass });
  const { classId, programId, photoBytes } = prepared.extra;
  console.log(`  班级：${STUDENTS} 名学生，每人 ${RECORDS} 条记录、${PHOTOS} 张照片（平均 ${(photoBytes / STUDENTS / PHOTOS / 1024).toFixed(0)} KB）`);
  const server = startServer({ port: PORT, dataDir: DATA_DIR, freshData: false, env: { ...prepared.env, JOBS_ENABLED: 'false' } });
  try {
    await waitUntilServing(server, `${API_URL}/sys/ping`);
    const pid = server.server.pid!;
    const token = await loginToken(API_URL, 'office01');
    const headers = { 'X-Access-Token': token, 'content-type': 'application/json' };
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memoryOf(pid).rss;
    // The high-water mark from here on (Linux: 5 > clear_refs); sampling as well, should the kernel refuse.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let sampled = idle;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 100);

    const started = performance.now();
    const asked = await call<ArchiveStatus>(`${API_URL}${ARCHIVE_URL.start}`, { method: 'POST', headers, body: JSON.stringify({ scope: 'class', classId, programId }) });
    if (!asked.success) throw new Error(`生成档案被拒绝：${asked.message}`);
    let status = asked.result;
    while (status.status !== 'done' && status.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call<ArchiveStatus>(`${API_URL}${ARCHIVE_URL.status(status.id)}`, { headers })).result;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peak = Math.max(memoryOf(pid).peak, sampled);
    if (status.status === 'failed') throw new Error(`档案生成失败：${status.error}`);

    const zipFile = path.join(ROOT, DATA_DIR, 'class-archive.zip');
    const download = await fetch(`${API_URL}${ARCHIVE_URL.file(status.id)}`, { headers });
    await pipeline(Readable.fromWeb(download.body as WebStream<Uint8Array>), createWriteStream(zipFile));
    const zip = unzipSync(readFileSync(zipFile), { filter: (entry) => entry.name === ARCHIVE_FILES.manifest });
    const manifest = JSON.parse(Buffer.from(zip[ARCHIVE_FILES.manifest]!).toString('utf8')) as ArchiveManifest;

    console.log(`班级档案：${status.fileName}，${(status.size! / MB).toFixed(0)} MB，${manifest.files.length} 个学生档案`);
    console.log(`用时 ${seconds.toFixed(1)} 秒（目标 ≤ ${TARGET_SECONDS} 秒）`);
    console.log(`服务器内存峰值比空闲高 ${((peak - idle) / MB).toFixed(0)} MB（空闲 ${(idle / MB).toFixed(0)} MB，峰值 ${(peak / MB).toFixed(0)} MB；目标 ≤ ${TARGET_MB} MB）`);
    return exitCodeOf([
      status.done === STUDENTS && status.total === STUDENTS ? null : `进度为 ${status.done}/${status.total}，应为 ${STUDENTS}/${STUDENTS}`,
      manifest.files.length === STUDENTS ? null : `压缩包中有 ${manifest.files.length} 个学生档案，应为 ${STUDENTS}`,
      seconds <= TARGET_SECONDS ? null : `用时超过 ${TARGET_SECONDS} 秒`,
      peak - idle <= TARGET_MB * MB ? null : `内存峰值比空闲高出 ${TARGET_MB} MB 以上`,
    ]);
  } finally {
    await stopServer(server);
  }
}

runBench(main);
