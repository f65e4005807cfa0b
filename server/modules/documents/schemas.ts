import { z } from 'zod';
import { DOCUMENT_KINDS, TEMPLATE_KINDS, type DocumentKind, type DocumentTemplate, type DocumentVerification, type OfficeFileMeta } from '@contract/documents.ts';
import { counted, envelope, uploadFile } from '../../lib/answers.ts';

const documentKind = z.enum(Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]]);

/** What a verification code was issued for: never whose document it is or what it says. */
export const verificationAnswer = envelope(
  z.object({
    code: z.string().meta({ description: '核验码（10位，不带连字符）' }),
    kind: documentKind,
    kindName: z.string().meta({ description: '文件类型名称，如实习鉴定表' }),
    school: z.string().meta({ description: '出具文件的学校' }),
    issuedAt: z.string().meta({ description: '生成时间（ISO 8601）' }),
    pages: z.number().int().positive(),
    subjects: counted.meta({ description: '文件涉及的学生人数' }),
  }) satisfies z.ZodType<DocumentVerification>,
);

export const templateAnswer = envelope(
  z.object({
    kind: z.enum(TEMPLATE_KINDS).meta({ description: 'agreement三方协议，consent知情同意书' }),
    title: z.string(),
    body: z.string().meta({ description: '正文，一行一段，{占位符}由实习安排填入' }),
    updatedAt: z.string().nullable().meta({ description: '最后保存时间（ISO 8601）；从未编辑（学校默认文本）时为 null' }),
    updatedByName: z.string().nullable(),
  }) satisfies z.ZodType<DocumentTemplate>,
);

/** An office file uploaded on its own (files.ts registerOfficeFileUpload): one PDF or image. */
export const officeFileUpload = z.object({ file: uploadFile.meta({ description: 'PDF或图片（JPG、PNG、GIF、WEBP），不超过10MB' }) });

/** Its id and clean name, for the form to hold until it is saved. */
export const officeFileAnswer = envelope(z.object({ id: z.string(), fileName: z.string() }) satisfies z.ZodType<OfficeFileMeta>);
