import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_ID_HEADER, RECORD_MSG, isUuid } from '@contract/internship.ts';
import { badRequest } from '../../lib/http.ts';
import { sha256 } from '../../lib/crypto.ts';
import { cleanFileName, readOneFile, sniffAttachmentType } from '../../lib/uploads.ts';

/** One file sent as a record's (or a visit's) attachment: its id from the header, its bytes, its real type and hash; each problem refused with its message. */
export async function readAttachmentUpload(request: FastifyRequest) {
  const attachmentId = request.headers[ATTACHMENT_ID_HEADER.toLowerCase()];
  if (typeof attachmentId !== 'string' || !isUuid(attachmentId)) throw badRequest(RECORD_MSG.attachmentIdFormat);
  const { content, name } = await readOneFile(request, {
    required: RECORD_MSG.attachmentRequired,
    tooLarge: RECORD_MSG.attachmentTooLarge,
    notMultipart: RECORD_MSG.attachmentNotMultipart,
    empty: RECORD_MSG.attachmentEmpty,
  });
  const mimeType = sniffAttachmentType(content);
  if (!mimeType) throw badRequest(RECORD_MSG.attachmentType);
  return { attachmentId, content, mimeType, fileName: cleanFileName(name, mimeType), sha256: sha256(content) };
}
