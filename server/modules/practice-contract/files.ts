import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { asc, count, eq } from 'drizzle-orm';
import { CONTRACT_FILE_MAX_BYTES, CONTRACT_FILE_URL, CONTRACT_MAX_FILES, CONTRACT_MSG, CONTRACT_PERMISSIONS, contractIdQuery, type ContractFileMeta } from '@contract/practice-contract.ts';
import { idQuerySchema } from '@contract/resource.ts';
import { internshipAttachment, practiceContract, sysUser } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { sha256 } from '../../lib/crypto.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { cleanFileName, contentDisposition, readOneFile, sniffAttachmentType, sniffWordFile } from '../../lib/uploads.ts';
import { requireAuth, type App } from '../../types.ts';
import { contentOf, keepContent, releaseContents } from '../internship/attachment-contents.ts';
import { CONTRACT_FILE_TYPES, contractFileAnswer, contractFilesAnswer, contractFileUpload } from './schemas.ts';

/**
 * A contract's files (the signed agreement as PDF or scans, a Word draft): internship_attachment rows under
 * the contract's id, their bytes in the file store. Listing and downloading take the list code, uploading and
 * deleting the edit code; contracts are the whole school's, so there is no narrower reach.
 */

/** The type a contract file really is, from its first bytes: PDF and the common images as for records, and Word; null for anything else. */
function sniffContractFile(content: Buffer, name: string): string | null {
  const type = sniffAttachmentType(content);
  if (type && type !== 'image/heic' && type !== 'image/heif') return type;
  return sniffWordFile(content, name);
}

export async function registerContractFileRoutes(app: App) {
  const { db, files } = app;
  const list = { permission: CONTRACT_PERMISSIONS.list, scope: 'all' } as const;
  const edit = { permission: CONTRACT_PERMISSIONS.edit, scope: 'all' } as const;

  const requireContract = async (id: string) => {
    const [contract] = await db.select({ id: practiceContract.id }).from(practiceContract).where(eq(practiceContract.id, id)).limit(1);
    if (!contract) throw notFound(CONTRACT_MSG.notFound);
  };
  /** A file of some contract (never another kind of attachment, whatever id is asked for). */
  const contractFile = async (id: string) => {
    const [file] = await db
      .select({ id: internshipAttachment.id, fileName: internshipAttachment.fileName, mimeType: internshipAttachment.mimeType, sha256: internshipAttachment.sha256 })
      .from(internshipAttachment)
      .innerJoin(practiceContract, eq(practiceContract.id, internshipAttachment.recordId))
      .where(eq(internshipAttachment.id, id))
      .limit(1);
    if (!file) throw notFound(CONTRACT_MSG.fileNotFound);
    return file;
  };

  app.get(CONTRACT_FILE_URL.list, { config: { access: list }, schema: { querystring: contractIdQuery, response: { 200: contractFilesAnswer } } }, async (request) => {
    const { contractId } = request.query;
    await requireContract(contractId);
    const rows = await db
      .select({
        id: internshipAttachment.id,
        contractId: internshipAttachment.recordId,
        fileName: internshipAttachment.fileName,
        mimeType: internshipAttachment.mimeType,
        size: internshipAttachment.size,
        uploader: sysUser.realname,
        createdAt: internshipAttachment.createdAt,
      })
      .from(internshipAttachment)
      .leftJoin(sysUser, eq(sysUser.id, internshipAttachment.uploaderId))
      .where(eq(internshipAttachment.recordId, contractId))
      .orderBy(asc(internshipAttachment.createdAt), asc(internshipAttachment.id));
    const result: ContractFileMeta[] = rows.map(({ createdAt, ...row }) => ({ ...row, createTime: createdAt.toISOString() }));
    return ok(result);
  });

  app.get(CONTRACT_FILE_URL.download, { config: { access: list, fileAnswer: CONTRACT_FILE_TYPES }, schema: { querystring: idQuerySchema } }, async (request, reply) => {
    const file = await contractFile(request.query.id);
    const content = await contentOf(db, files, file.id);
    if (!content) throw notFound(CONTRACT_MSG.fileNotFound);
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
      .header('Cache-Control', 'private, no-store')
      .send(content);
  });

  app.delete(CONTRACT_FILE_URL.remove, { config: { access: edit }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    const file = await contractFile(request.query.id);
    await db.delete(internshipAttachment).where(eq(internshipAttachment.id, file.id));
    await releaseContents(db, files, [file.sha256]);
    return ok(null, CONTRACT_MSG.fileDeleted);
  });

  // Only these uploads take multipart here: one file per request, 10 MB at most.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: CONTRACT_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    scoped.post(CONTRACT_FILE_URL.upload, { config: { access: edit, upload: contractFileUpload }, schema: { querystring: contractIdQuery, response: { 200: contractFileAnswer } } }, async (request) => {
      const { userId } = requireAuth(request.auth);
      // Validated by the schema (this scope has no zod type provider to say so).
      const { contractId } = request.query as { contractId: string };
      const { content, name = '' } = await readOneFile(request, { required: CONTRACT_MSG.fileRequired, tooLarge: CONTRACT_MSG.fileTooLarge, empty: CONTRACT_MSG.fileEmpty });
      await requireContract(contractId);
      const mimeType = sniffContractFile(content, name);
      if (!mimeType) throw badRequest(CONTRACT_MSG.fileType);
      const [held] = await db.select({ n: count() }).from(internshipAttachment).where(eq(internshipAttachment.recordId, contractId));
      if ((held?.n ?? 0) >= CONTRACT_MAX_FILES) throw badRequest(CONTRACT_MSG.tooManyFiles(CONTRACT_MAX_FILES));
      const fileName = cleanFileName(name, mimeType);
      const hash = sha256(content);
      const id = randomUUID();
      const [row] = await keepContent(db, files, { sha256: hash, content, mimeType }, (tx) =>
        tx
          .insert(internshipAttachment)
          .values({ id, recordId: contractId, uploaderId: userId, fileName, mimeType, size: content.length, sha256: hash })
          .returning({ createdAt: internshipAttachment.createdAt }),
      );
      const [uploader] = await db.select({ name: sysUser.realname }).from(sysUser).where(eq(sysUser.id, userId)).limit(1);
      const meta: ContractFileMeta = { id, contractId, fileName, mimeType, size: content.length, uploader: uploader?.name ?? null, createTime: row!.createdAt.toISOString() };
      return ok(meta, CONTRACT_MSG.fileUploaded);
    });
  });
}
