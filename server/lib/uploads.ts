import type { FastifyRequest } from 'fastify';
import type { AttachmentType } from '@contract/internship.ts';
import { HttpError, badRequest } from './http.ts';

/**
 * Files sent to the server, for every module that takes them (records' and visits' attachments, placements'
 * agreements, contracts' files): one file per request read from multipart, its type told by its first
 * bytes rather than its name, and a clean name to store and send it under (its hash for the file store is
 * crypto.ts sha256).
 */

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

export const WORD_DOC = 'application/msword';
export const WORD_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A Word file, from its first bytes and its name: .doc (an OLE compound file) or .docx (a ZIP holding word/); else null. */
export function sniffWordFile(content: Buffer, name: string): string | null {
  const lower = name.toLowerCase();
  if (startsWith(content, OLE_MAGIC) && lower.endsWith('.doc')) return WORD_DOC;
  if (startsWith(content, ZIP_MAGIC) && lower.endsWith('.docx') && content.includes('word/')) return WORD_DOCX;
  return null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
  [WORD_DOC]: 'doc',
  [WORD_DOCX]: 'docx',
};

/** The file's own name without any path, control characters or quotes, at most 120 characters. */
export function cleanFileName(name: string | undefined, type: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = [...base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim()].slice(-120).join('');
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : `附件.${EXTENSIONS[type] ?? 'bin'}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface UploadMessages {
  /** No file in the request. */
  required: string;
  /** Over the scope's multipart fileSize limit (413). */
  tooLarge: string;
  /** Not multipart at all (the required message by default). */
  notMultipart?: string;
  /** A file of no bytes. */
  empty: string;
}

/**
 * The one file of a multipart request (the route's scope registers @fastify/multipart with files: 1):
 * its bytes and the name it came with. Each problem is refused with the module's own message.
 */
export async function readOneFile(request: FastifyRequest, messages: UploadMessages): Promise<{ content: Buffer; name: string | undefined }> {
  const notMultipart = messages.notMultipart ?? messages.required;
  if (!request.isMultipart()) throw badRequest(notMultipart);
  let content: Buffer;
  let name: string | undefined;
  try {
    const file = await request.file();
    if (!file) throw badRequest(messages.required);
    content = await file.toBuffer();
    name = file.filename;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(notMultipart);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('每次只能上传一个文件');
    throw badRequest(messages.required);
  }
  if (content.length === 0) throw badRequest(messages.empty);
  return { content, name };
}
