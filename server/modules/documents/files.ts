import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ATTACHMENT_MAX_BYTES } from '@contract/internship.ts';
import type { OfficeFileMeta } from '@contract/documents.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { cleanFileName, contentDisposition, readOneFile, sniffAttachmentType } from '../../lib/uploads.ts';
import { requireAuth, type App, type RouteAccess } from '../../types.ts';
import { contentOf, keepContent } from '../internship/attachment-contents.ts';
import { officeFileAnswer, officeFileUpload } from './schemas.ts';

/**
 * The office's files that a form names once saved (a placement's 三方协议 and 知情同意书, a unit's site report, an
 * exception's supporting file): a PDF or an image uploaded on its own first, kept as an internship_attachment whose
 * owner (its record id) says what kind of form may name it, then sent to whoever may see the record that names it.
 */

/** POST url: one file, answered with its id and clean name, for the form to hold until it is saved. */
export async function registerOfficeFileUpload(app: App, { url, owner, access }: { url: string; owner: string; access: RouteAccess }) {
  const { db, files } = app;
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    scoped.post(url, { config: { access, upload: officeFileUpload }, schema: { response: { 200: officeFileAnswer } } }, async (request) => {
      const { userId } = requireAuth(request.auth);
      const { content, name } = await readOneFile(request, { required: '请选择要上传的文件', tooLarge: '文件不能超过10MB', empty: '文件是空的' });
      const mimeType = sniffAttachmentType(content);
      if (!mimeType || mimeType === 'image/heic' || mimeType === 'image/heif') throw badRequest('只能上传PDF或图片（JPG、PNG、GIF、WEBP）');
      const fileName = cleanFileName(name, mimeType);
      const hash = sha256(content);
      const id = randomUUID();
      await keepContent(db, files, { sha256: hash, content, mimeType }, (tx) =>
        tx.insert(internshipAttachment).values({ id, recordId: owner, uploaderId: userId, fileName, mimeType, size: content.length, sha256: hash }),
      );
      const meta: OfficeFileMeta = { id, fileName };
      return ok(meta, '上传成功');
    });
  });
}

/** Which of the ids are files uploaded for this owner (a form may name only those). */
export async function ownedFiles(db: Database, ids: readonly string[], owner: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: internshipAttachment.id })
    .from(internshipAttachment)
    .where(and(inArray(internshipAttachment.id, [...ids]), eq(internshipAttachment.recordId, owner)));
  return new Set(rows.map((r) => r.id));
}

/** The file a saved record names, or 404 with `missing` (未上传) when it names none or its bytes are gone. */
export async function sendOfficeFile(db: Database, files: FileStore, reply: FastifyReply, attachmentId: string | null, missing: string) {
  if (!attachmentId) throw notFound(missing);
  const [meta] = await db.select().from(internshipAttachment).where(eq(internshipAttachment.id, attachmentId)).limit(1);
  const content = meta ? await contentOf(db, files, meta.id) : null;
  if (!meta || !content) throw notFound(missing);
  return reply.header('Content-Type', meta.mimeType).header('Content-Disposition', contentDisposition(meta.fileName)).header('Cache-Control', 'private, max-age=3600').send(content);
}
