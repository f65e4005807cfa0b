import * as z from 'zod/mini';

/**
 * Documents the school prints and hands on (issue 36): PDFs made on the server, each carrying the school's name, the
 * time it was made and a short verification code. Anyone holding the paper can ask, without logging in, whether
 * the code was issued and for what kind of document; the answer never shows the document's content.
 */

export const DOCUMENT_KINDS = {
  appraisal: '实习鉴定表',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Ten letters and digits without the ones read alike (0/O, 1/I/L), printed as two groups of five: K7QW2-M9XTD. */
export const VERIFY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFY_CODE_LENGTH = 10;
export const formatVerifyCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
/** What a person types: any case, with or without the dash and spaces. */
export const normaliseVerifyCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

export const DOCUMENT_URL = {
  verify: (code: string) => `/documents/verify/${encodeURIComponent(code)}`,
} as const;

export const DOCUMENT_MSG = {
  codeShape: `核验码应为${VERIFY_CODE_LENGTH}位字母或数字`,
  unknown: '未找到该核验码：该文件不是本系统生成的，或核验码有误',
  noFont: '服务器缺少中文字体（fonts-noto-cjk），无法生成PDF，请联系管理员',
} as const;

export const verifyParams = z.object({
  code: z.string({ error: DOCUMENT_MSG.codeShape }).check(
    z.overwrite(normaliseVerifyCode),
    z.length(VERIFY_CODE_LENGTH, DOCUMENT_MSG.codeShape),
    z.refine((v) => [...v].every((c) => VERIFY_ALPHABET.includes(c)), DOCUMENT_MSG.codeShape),
  ),
});

/** GET /documents/verify/{code}: what the code was issued for, without the document's content. */
export interface DocumentVerification {
  code: string;
  kind: DocumentKind;
  kindName: string;
  /** The school that issued it. */
  school: string;
  issuedAt: string;
  /** The pages it had and how many students it covered, to compare with the paper. */
  pages: number;
  subjects: number;
}
