import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { internshipAttachment } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Keeping one hash's bytes and letting them go are serialised (a transaction-scoped advisory lock per
 * hash), so an upload of the same photo never loses its bytes to the removal of an older copy.
 */
async function lockContent(tx: Transaction, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file:${sha256}`}, 0))`);
}

/** Stores the bytes, then adds the attachment's row (given by insert) under the same lock. */
export async function keepContent<T>(db: Database, files: FileStore, file: { sha256: string; content: Buffer; mimeType: string }, insert: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockContent(tx, file.sha256);
    await files.put(file.sha256, file.content, file.mimeType);
    return insert(tx);
  });
}

/** Removes the bytes of hashes no attachment refers to any more (after their rows were deleted). */
export async function releaseContents(db: Database, files: FileStore, hashes: string[]): Promise<void> {
  for (const sha256 of new Set(hashes)) {
    await db.transaction(async (tx) => {
      await lockContent(tx, sha256);
      const [held] = await tx.select({ id: internshipAttachment.id }).from(internshipAttachment).where(eq(internshipAttachment.sha256, sha256)).limit(1);
      if (!held) await files.delete(sha256);
    });
  }
}

/** An attachment's bytes: from the store, or from its row if it predates the store and has not moved yet. */
export async function contentOf(db: Database, files: FileStore, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ sha256: internshipAttachment.sha256, content: internshipAttachment.content }).from(internshipAttachment).where(eq(internshipAttachment.id, id)).limit(1);
  if (!row) return null;
  return row.content ?? files.get(row.sha256);
}

const MOVE_BATCH = 20;

/**
 * Moves the bytes of attachments uploaded before the file store out of their rows (at start; safe to
 * run in several processes at once, and to stop half-way).
 */
export async function moveContentsToStore(db: Database, files: FileStore, log: FastifyBaseLogger): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ id: internshipAttachment.id, sha256: internshipAttachment.sha256, mimeType: internshipAttachment.mimeType, content: internshipAttachment.content })
      .from(internshipAttachment)
      .where(isNotNull(internshipAttachment.content))
      .limit(MOVE_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      await keepContent(db, files, { sha256: row.sha256, content: row.content!, mimeType: row.mimeType }, (tx) =>
        tx.update(internshipAttachment).set({ content: null }).where(eq(internshipAttachment.id, row.id)),
      );
      moved++;
    }
  }
  if (moved > 0) log.info({ moved }, 'attachments moved from the database to the file store');
  return moved;
}
