import { rm } from 'node:fs/promises';
import { ARCHIVE_FILES, ARCHIVE_SECTIONS, type ArchiveManifest } from '@contract/archive.ts';
import type { DocumentKind } from '@contract/documents.ts';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { ZipFileWriter, type ZipEntryWritten } from '../../lib/zip-writer.ts';
import { issueMade, schoolName } from '../documents/issue.ts';
import { APPRAISAL_TITLE, appraisalFacts, appraisalOrder } from '../internship-score/appraisal.ts';
import type { ScoreSelected } from '../internship-score/queries.ts';
import type { Viewer } from '../relation/model.ts';
import { contentOf } from '../internship/attachment-contents.ts';
import type { AttachmentRow } from '../internship/queries.ts';
import { studentContents, type StudentContents } from './contents.ts';
import { INDEX_TITLE, periodOf, RECORDS_TITLE, type IndexEntry } from './documents.ts';
import type { DocumentRenderer } from './renderer.ts';
import type { RenderPayload } from './render-worker.ts';

/**
 * Writes the zips: a student's (the records' PDF, each file as filed, the 实习鉴定表, the agreements, the 目录 and
 * manifest.json), and a class's, each student's zip made on disk and streamed into it in turn.
 */

export interface ArchiveWork {
  db: Database;
  files: FileStore;
  /** Who asked: the documents are issued in their name. */
  issuedBy: string;
  /** Lays the documents out in its worker thread. */
  renderer: DocumentRenderer;
  /** Whose reach the archive keeps to where it is narrower than the score's (互动 is the student's, adviser's and mentor's). */
  viewer: Viewer;
}

/** A name safe in a zip on any system: no separators or characters Windows refuses, not too long, its extension kept. */
export function safeName(name: string, fallback = '文件'): string {
  const clean = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  if (!clean) return fallback;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.length <= 80 ? clean : `${clean.slice(0, 80 - ext.length)}${ext}`;
}

const pad = (n: number, of: number) => String(n).padStart(Math.max(2, String(of).length), '0');

/** A file to take from the store into the zip, under its place and with what the 目录 says of it. */
interface Planned extends IndexEntry {
  attachment: AttachmentRow;
}

/** Where each file goes: its section's folder, numbered by record (or visit) and by file, under its original name. */
function planFiles(contents: StudentContents): Planned[] {
  const planned: Planned[] = [];
  const place = (folder: string, owner: string, files: readonly AttachmentRow[], what: string) =>
    files.forEach((attachment, i) =>
      planned.push({ path: `${folder}/${owner}-${i + 1}-${safeName(attachment.fileName)}`, description: `${what} 附件${i + 1}：${attachment.fileName}`, size: attachment.size, attachment }),
    );
  for (const section of ARCHIVE_SECTIONS) {
    const records = contents.records.filter((r) => r.record.kind === section.key);
    records.forEach((archived, i) => {
      const period = periodOf(archived);
      place(section.folder, `${pad(i + 1, records.length)}-${safeName(period.replace(/（.*）/, '').replace(/\s+/g, ''))}`, archived.files, `${section.label} ${period}「${archived.record.title}」`);
    });
    if (section.key === 'visit')
      contents.visits.forEach((visit, i) => place(section.folder, `${pad(i + 1, contents.visits.length)}-${visit.visitDate}`, visit.files, `${section.label} ${visit.visitDate}`));
  }
  contents.agreements.forEach(({ label, placement, file }) => {
    const no = contents.placements.indexOf(placement) + 1;
    const name = safeName(file.fileName);
    planned.push({ path: `${ARCHIVE_FILES.agreements}/${pad(no, contents.placements.length)}-${name.startsWith(label) ? '' : `${label}-`}${name}`, description: `${label}（${placement.unitName ?? '实习单位'}）`, size: file.size, attachment: file });
  });
  return planned;
}

/** The manifest of the files written, in path order (as a folder lists them). */
function manifestOf(title: string, school: string, written: readonly ZipEntryWritten[]): Buffer {
  const manifest: ArchiveManifest = { title, school, generatedAt: new Date().toISOString(), files: [...written].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

/** One student's zip (rows: their placements of one program, in the caller's reach) written to `file`. */
export async function writeStudentZip(work: ArchiveWork, rows: readonly ScoreSelected[], file: string): Promise<{ size: number; sha256: string }> {
  const { db, files, issuedBy, renderer, viewer } = work;
  const contents = await studentContents(db, rows, viewer);
  const planned = planFiles(contents);
  const paths = new Map(planned.map((p) => [p.attachment.id, p.path]));
  const issue = async (kind: DocumentKind, title: string, subjects: number, payload: RenderPayload) =>
    (await issueMade(db, { kind, title, subjects, issuedBy }, (meta) => renderer.render(meta, title, payload))).bytes;
  const placements = appraisalOrder(contents.placements);
  const zip = new ZipFileWriter(file);
  try {
    const written: ZipEntryWritten[] = [];
    const index: IndexEntry[] = [];
    const add = async (path: string, bytes: Buffer, description: string) => {
      written.push(await zip.addBuffer(path, bytes));
      index.push({ path, description, size: bytes.length });
    };
    await add(ARCHIVE_FILES.records, await issue('archiveRecords', RECORDS_TITLE, 1, { doc: 'records', contents, paths }), '实习过程记录（各项记录及其批阅、审批）');
    // One file's bytes at a time; one the store has lost is named in the 目录 rather than failing the archive.
    for (const p of planned) {
      const bytes = await contentOf(db, files, p.attachment.id);
      if (bytes) await add(p.path, bytes, p.description);
      else index.push({ path: p.path, description: p.description, size: null });
    }
    const facts = await appraisalFacts(db, placements);
    await add(ARCHIVE_FILES.appraisal, await issue('appraisal', APPRAISAL_TITLE, placements.length, { doc: 'appraisal', rows: placements, facts }), '实习鉴定表');
    index.sort((a, b) => (a.path < b.path ? -1 : 1));
    written.push(await zip.addBuffer(ARCHIVE_FILES.index, await issue('archiveIndex', INDEX_TITLE, 1, { doc: 'index', contents, entries: index })));
    await zip.addBuffer(ARCHIVE_FILES.manifest, manifestOf(`学生实习档案：${rows[0]?.studentName ?? ''}`, await schoolName(db), written));
    return await zip.finish();
  } catch (error) {
    await zip.abort();
    throw error;
  }
}

/** A class's zip: each student's zip in turn (made beside it, then streamed in and removed), and the manifest of them. */
export async function writeClassZip(
  work: ArchiveWork,
  students: readonly { name: string; rows: () => Promise<readonly ScoreSelected[]> }[],
  file: string,
  onStudent: (done: number) => Promise<void>,
): Promise<{ size: number; sha256: string }> {
  const zip = new ZipFileWriter(file);
  try {
    const written: ZipEntryWritten[] = [];
    for (const [i, student] of students.entries()) {
      const rows = await student.rows();
      // A student out of the caller's reach since the archive was asked for is left out.
      if (rows.length > 0) {
        const part = `${file}.${i}.zip`;
        try {
          const { size } = await writeStudentZip(work, rows, part);
          written.push(await zip.addFile(`${pad(i + 1, students.length)}-${safeName(student.name)}.zip`, part, size));
        } finally {
          await rm(part, { force: true });
        }
      }
      await onStudent(i + 1);
    }
    await zip.addBuffer(ARCHIVE_FILES.manifest, manifestOf('班级学生实习档案', await schoolName(work.db), written));
    return await zip.finish();
  } catch (error) {
    await zip.abort();
    throw error;
  }
}
