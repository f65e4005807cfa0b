import { eq } from 'drizzle-orm';
import { DEFAULT_TEMPLATES, fillTemplate, type DocumentTemplate, type TemplateKind, type TemplatePlaceholder } from '@contract/documents.ts';
import type { Database } from '../../db/database.ts';
import { documentTemplate, sysUser } from '../../db/schema.ts';
import { signatureBoxes } from '../../lib/pdf.ts';
import { issueDocument, type IssuedDocument } from './issue.ts';

/** The school's template of a kind: as last saved in 文书模板, or the default text (contract/documents.ts). */
export async function templateOf(db: Database, kind: TemplateKind): Promise<DocumentTemplate> {
  const [saved] = await db
    .select({ title: documentTemplate.title, body: documentTemplate.body, updatedAt: documentTemplate.updatedAt, updatedByName: sysUser.realname })
    .from(documentTemplate)
    .leftJoin(sysUser, eq(sysUser.id, documentTemplate.updatedBy))
    .where(eq(documentTemplate.kind, kind));
  if (!saved) return { kind, ...DEFAULT_TEMPLATES[kind], updatedAt: null, updatedByName: null };
  return { kind, title: saved.title, body: saved.body, updatedAt: saved.updatedAt.toISOString(), updatedByName: saved.updatedByName };
}

export async function saveTemplate(db: Database, kind: TemplateKind, input: { title: string; body: string }, userId: string) {
  const values = { title: input.title, body: input.body, updatedBy: userId, updatedAt: new Date() };
  await db.insert(documentTemplate).values({ kind, ...values }).onConflictDoUpdate({ target: documentTemplate.kind, set: values });
}

/** Who signs each kind, under its text. */
const SIGNATURES: Record<TemplateKind, readonly string[]> = {
  agreement: ['甲方（学校）盖章', '乙方（实习单位）盖章', '丙方（学生）签字'],
  consent: ['学生签字', '监护人签字', '监护人电话'],
};

/** The template filled from one placement, a paragraph a line, with its signature boxes: one PDF with its code. */
export async function templateDocument(db: Database, kind: TemplateKind, values: Partial<Record<TemplatePlaceholder, string | null>>, issuedBy: string): Promise<IssuedDocument> {
  const template = await templateOf(db, kind);
  return issueDocument(db, { kind, title: template.title, subjects: 1, issuedBy }, (pdf) => {
    const { doc } = pdf;
    doc.font('bold').fontSize(16).text(template.title, { width: pdf.width, align: 'center' });
    doc.moveDown(1);
    doc.font('regular').fontSize(11);
    for (const paragraph of fillTemplate(template.body, values).split('\n')) doc.text(paragraph, { width: pdf.width, lineGap: 4, paragraphGap: 8, align: 'justify' });
    doc.moveDown(1.5);
    signatureBoxes(pdf, SIGNATURES[kind]);
  });
}
