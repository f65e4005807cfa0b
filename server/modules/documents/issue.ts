import { createHash, randomInt } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { VERIFY_ALPHABET, VERIFY_CODE_LENGTH, type DocumentKind } from '@contract/documents.ts';
import type { Database } from '../../db/database.ts';
import { documentIssue, sysDepart } from '../../db/schema.ts';
import { openPdf, type Pdf, type PdfMeta } from '../../lib/pdf.ts';
import { contentDisposition } from '../../lib/uploads.ts';

/** The school's name: its organisation tree's root (部门管理's 学校). */
export async function schoolName(db: Database): Promise<string> {
  const [root] = await db.select({ name: sysDepart.departName }).from(sysDepart).where(and(isNull(sysDepart.parentId), eq(sysDepart.delFlag, 0))).orderBy(asc(sysDepart.sortNo)).limit(1);
  return root?.name ?? '学校';
}

/** 31 symbols over ten places: about 8 × 10¹⁴ codes, none guessable. */
const newCode = () => Array.from({ length: VERIFY_CODE_LENGTH }, () => VERIFY_ALPHABET[randomInt(VERIFY_ALPHABET.length)]).join('');

export interface IssuedDocument {
  bytes: Buffer;
  code: string;
  pages: number;
}

export interface IssueRequest {
  kind: DocumentKind;
  title: string;
  /** Students covered. */
  subjects: number;
  issuedBy: string;
}

/**
 * Issues one document made by `make` from the footer's facts (a new verification code, the school, the time): here,
 * or in a worker thread (the 一生一档's), which answers the finished file. The issue is recorded (kind, pages, students
 * covered, the file's SHA-256, by whom, when) so the code can be verified.
 */
export async function issueMade(db: Database, what: IssueRequest, make: (meta: PdfMeta) => Promise<{ bytes: Buffer; pages: number }>): Promise<IssuedDocument> {
  const meta: PdfMeta = { kind: what.kind, school: await schoolName(db), code: newCode(), issuedAt: new Date() };
  const { bytes, pages } = await make(meta);
  await db.insert(documentIssue).values({ code: meta.code, kind: what.kind, pages, subjects: what.subjects, sha256: createHash('sha256').update(bytes).digest('hex'), issuedBy: what.issuedBy, issuedAt: meta.issuedAt });
  return { bytes, code: meta.code, pages };
}

/** Makes one document here: the pages `render` lays out with the school's footer, issued as issueMade does. */
export const issueDocument = (db: Database, what: IssueRequest, render: (pdf: Pdf) => void | Promise<void>): Promise<IssuedDocument> =>
  issueMade(db, what, async (meta) => {
    const pdf = openPdf(meta, what.title);
    await render(pdf);
    return pdf.finish();
  });

/** Sends a PDF to open in the browser's viewer (or save), named for the person. */
export const sendPdf = (reply: FastifyReply, fileName: string, document: IssuedDocument) =>
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(`${fileName}.pdf`, 'inline')).header('Cache-Control', 'no-store').send(document.bytes);
