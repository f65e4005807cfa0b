import * as z from 'zod/mini';

/**
 * 雷同提示: a submitted 周记, 月报 or 实习报告 much of whose text is found in an earlier record of its kind in the
 * program, another student's or the student's own (a kind declares `compared`). Flagged to the reviewer with the
 * share in per cent and the shared passages, never refused; the reviewer may dismiss a flag with a reason.
 * The reviewer sees the other record's shared passages and whose it is, not the rest of it: an adviser may
 * read only their own students' records, and the passages are what their student's record already shows.
 */
export interface SimilarityFlag {
  id: string;
  /** The share of this record's text found in the other, in per cent. */
  percent: number;
  /** The shared passages in this record's content, [start, end) in its characters, for marking. */
  ranges: [number, number][];
  match: {
    recordId: string;
    title: string;
    studentName: string;
    /** The student's own earlier record, not another's. */
    own: boolean;
    submittedAt: string | null;
    /** The other record's passages it shares, in its order. */
    passages: string[];
  };
  dismissed: { at: string; by: string; reason: string } | null;
}

export const similarityUrl = (base: string, id: string) => `${base}/${encodeURIComponent(id)}/similarity`;
export const dismissSimilarityUrl = (base: string, id: string, flagId: string) => `${similarityUrl(base, id)}/${encodeURIComponent(flagId)}/dismiss`;

export const SIMILARITY_MSG = {
  reasonRequired: '请填写不算雷同的理由',
  reasonTooLong: '理由不能超过200个字',
  notFound: '该雷同提示不存在',
  dismissed: '已忽略该雷同提示',
} as const;

export const dismissSimilaritySchema = z.object({
  reason: z.string({ error: SIMILARITY_MSG.reasonRequired }).check(
    z.refine((v) => v.trim().length > 0, { error: SIMILARITY_MSG.reasonRequired }),
    z.maxLength(200, SIMILARITY_MSG.reasonTooLong),
  ),
});
export type DismissSimilarityInput = z.infer<typeof dismissSimilaritySchema>;
export const similarityFlagParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)), flagId: z.string().check(z.minLength(1), z.maxLength(100)) });
