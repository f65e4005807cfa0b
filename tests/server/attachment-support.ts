import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** The smallest files the server takes for what they are (it looks at the first bytes). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-demo-image-bytes')]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type UploadFile = { name: string; type: string; content: Buffer };

/** A POST of one file as a form's multipart body, with the headers given. */
function fileRequest(url: string, file: UploadFile, headers: Record<string, string>): InjectOptions {
  const boundary = `----isps${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers } };
}

/** POST {base}/{id}/attachments (周记's by default) with one file, as a phone's outbox sends it. */
export const uploadRequest = (recordId: string, attachmentId: string, file: UploadFile, base = '/internship/weekly'): InjectOptions =>
  fileRequest(`/api${base}/${recordId}/attachments`, file, { 'x-attachment-id': attachmentId });

/** An office file (三方协议, 考察报告, an exception's file) to its upload url, before a form names it. */
export const officeFileRequest = (url: string, file: UploadFile, token: string): InjectOptions => fileRequest(`/api${url}`, file, { 'x-access-token': token });

export const downloadRequest = (attachmentId: string): InjectOptions => ({ method: 'GET', url: `/api/internship/attachments/${attachmentId}` });
