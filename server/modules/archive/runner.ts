import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ARCHIVE_MSG, type ArchiveScope } from '@contract/archive.ts';
import type { Database } from '../../db/database.ts';
import { documentArchive } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http.ts';
import { selectedRows, type ScoreSelected, type ScoreViewer } from '../internship-score/queries.ts';
import { writeClassZip, writeStudentZip } from './build.ts';
import { DocumentRenderer } from './renderer.ts';

/**
 * Makes the archives this process was asked for, one at a time (each is CPU work on the shared cores), in the
 * order asked. Their state lives in document_archive, so any API process answers the status and serves the file;
 * the finished zips are kept under DATA_DIR/archives (shared by the processes, as the file store's directory is).
 * A process that stops leaves its unfinished rows to the cleanup job, which calls them interrupted.
 */

export interface ArchiveJob {
  id: string;
  scope: ArchiveScope;
  /** The caller as the relation model saw them when asking: each student's placements are read again in that reach. */
  viewer: ScoreViewer;
  requestedBy: string;
  /** Each student's placements (ids), in the archive's order, with the name their zip takes in a class's. */
  students: { name: string; placementIds: string[] }[];
  fileName: string;
}

/** A student's placements, still in the caller's reach (it may have changed since they asked). */
async function studentInReach(rows: () => Promise<ScoreSelected[]>): Promise<ScoreSelected[]> {
  const found = await rows();
  if (found.length === 0) throw new HttpError(404, ARCHIVE_MSG.outOfReach);
  return found;
}

export class ArchiveRunner {
  private readonly queue: ArchiveJob[] = [];
  private current: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  fileOf(id: string): string {
    return path.join(this.dir, `${id}.zip`);
  }

  enqueue(job: ArchiveJob): void {
    this.queue.push(job);
    this.current ??= this.drain();
  }

  /** Takes no more work and waits for the archive under way (the database closes after). */
  async stop(): Promise<void> {
    this.closed = true;
    await this.current;
  }

  private async drain(): Promise<void> {
    for (let job = this.queue.shift(); job && !this.closed; job = this.queue.shift()) await this.run(job);
    this.current = null;
  }

  private async run(job: ArchiveJob): Promise<void> {
    const { db } = this;
    const set = (values: Partial<typeof documentArchive.$inferInsert>) => db.update(documentArchive).set(values).where(eq(documentArchive.id, job.id));
    const part = `${this.fileOf(job.id)}.part`;
    const renderer = new DocumentRenderer();
    try {
      await mkdir(this.dir, { recursive: true });
      await this.sweep();
      await set({ status: 'running' });
      const work = { db, files: this.files, issuedBy: job.requestedBy, renderer, viewer: job.viewer };
      const students = job.students.map((s) => ({ name: s.name, rows: () => selectedRows(db, job.viewer, s.placementIds) }));
      const made =
        job.scope === 'student'
          ? await writeStudentZip(work, await studentInReach(students[0]!.rows), part)
          : await writeClassZip(work, students, part, (done) => set({ done }).then(() => undefined));
      await rename(part, this.fileOf(job.id));
      await set({ status: 'done', done: job.students.length, size: made.size, sha256: made.sha256, fileName: job.fileName, finishedAt: new Date() });
    } catch (error) {
      this.log.error({ err: error, archive: job.id }, 'archive failed');
      await rm(part, { force: true });
      // A refusal meant for people (no Chinese font) is said as it is; anything else in general words.
      await set({ status: 'failed', error: error instanceof HttpError ? error.message : ARCHIVE_MSG.failed, finishedAt: new Date() }).catch(() => undefined);
    } finally {
      await renderer.close();
    }
  }

  /** Removes the zips (and pieces) whose archive is no longer on record (the cleanup job deleted the row). */
  async sweep(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = [...new Set(names.map((name) => name.split('.')[0]!))];
    if (ids.length === 0) return;
    const kept = new Set((await this.db.select({ id: documentArchive.id }).from(documentArchive).where(inArray(documentArchive.id, ids))).map((r) => r.id));
    await Promise.all(names.filter((name) => !kept.has(name.split('.')[0]!)).map((name) => rm(path.join(this.dir, name), { force: true, recursive: true })));
  }
}
