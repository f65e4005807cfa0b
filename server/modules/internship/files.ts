import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_ID_HEADER, RECORD_MSG, isUuid, type AttachmentType } from '@contract/internship.ts';
import { HttpError, badRequest } from '../../lib/http.ts';

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buffer[offset + i] === b);
const ascii = (buffer: Buffer, start: number, end: number) => buffer.subarray(start, end).toString('latin1');

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** The type a file really is, from its first bytes; null for anything but the accepted images and PDF. */
export function sniffAttachmentType(buffer: Buffer): AttachmentType | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(buffer, 0, 6) === 'GIF87a' || ascii(buffer, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buffer, 4, 8) === 'ftyp') {
    const brand = ascii(buffer, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  if (ascii(buffer, 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
};

/** The file's own name without any path, control characters or quotes, at most 120 characters. */
export function cleanFileName(name: string | undefined, type: AttachmentType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = [...base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim()].slice(-120).join('');
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : `附件.${EXTENSIONS[type]}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** One file sent as a record's (or a visit's) attachment: its id from the header, its bytes, its real type and hash; each problem refused with its message. */
export async function readAttachmentUpload(request: FastifyRequest) {
  const attachmentId = request.headers[ATTACHMENT_ID_HEADER.toLowerCase()];
  if (typeof attachmentId !== 'string' || !isUuid(attachmentId)) throw badRequest(RECORD_MSG.attachmentIdFormat);
  if (!request.isMultipart()) throw badRequest(RECORD_MSG.attachmentNotMultipart);

  let file;
  let content: Buffer;
  try {
    file = await request.file();
    if (!file) throw badRequest(RECORD_MSG.attachmentRequired);
    content = await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, RECORD_MSG.attachmentTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(RECORD_MSG.attachmentNotMultipart);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('每次只能上传一个文件');
    throw error;
  }
  if (content.length === 0) throw badRequest(RECORD_MSG.attachmentEmpty);
  const mimeType = sniffAttachmentType(content);
  if (!mimeType) throw badRequest(RECORD_MSG.attachmentType);
  return { attachmentId, content, mimeType, fileName: cleanFileName(file.filename, mimeType), sha256: createHash('sha256').update(content).digest('hex') };
}
