import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { isCalendarDate } from './patterns.ts';
import { SCORE_RULE_MSG, parseScoreText, scoreRuleProblem, scoreRuleSchema, type ScorePlaces, type ScoreRule } from './score-rule.ts';

/**
 * The internship weekly summary (周记), shared by the server and the browser: codes with their
 * labels, the week arithmetic, the request schemas and the shapes of the answers.
 */

// ---- codes and labels --------------------------------------------------------------------------

export type ProgramType = 'cognition' | 'post';
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = { cognition: '认识实习', post: '岗位实习' };

export type ProgramStatus = 'draft' | 'running' | 'ended';
export const PROGRAM_STATUS_LABELS: Record<ProgramStatus, string> = { draft: '草稿', running: '进行中', ended: '已结束' };

export type EnrolmentStatus = 'pending' | 'active' | 'ended' | 'terminated';
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = { pending: '未开始', active: '实习中', ended: '已结束', terminated: '终止' };

export type UnitStatus = 'pending' | 'active' | 'disabled';
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = { pending: '待审核', active: '合作中', disabled: '停用' };

export const RECORD_STATUSES = ['draft', 'submitted', 'reviewed', 'returned'] as const;
export type WeeklyStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Record<WeeklyStatus, string> = { draft: '草稿', submitted: '已提交', reviewed: '已批阅', returned: '已退回' };

/** Button permissions of the records students file (every kind of contract/records.ts; declared with 实习记录批阅 and 我的周记, contract/records.ts). */
export const RECORD_PERMISSIONS = {
  /** Students: list my weeks, write, upload. */
  mine: 'internship:weekly:mine',
  /** Advisers (and administrators): 通过 / 退回 and corrections. */
  review: 'internship:weekly:review',
  /** The list of students' records (实习记录批阅), read only where the relation does not review (mentors, 班主任). */
  read: 'internship:record:read',
  /** Data scope "everyone's" summaries instead of only my advisees' (administrators). */
  all: 'internship:weekly:all',
} as const;

// ---- limits and messages -----------------------------------------------------------------------

export const WEEKLY_DEFAULT_MIN_LENGTH = 200;
export const WEEKLY_TITLE_MAX = 100;
export const WEEKLY_CONTENT_MAX = 20_000;
export const WEEKLY_COMMENT_MAX = 2_000;
export const WEEKLY_REASON_MAX = 200;
export const WEEKLY_MAX_ATTACHMENTS = 9;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What the server accepts; it checks the file's first bytes, not only the name or the browser's claim. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** For <input accept>. */
export const ATTACHMENT_ACCEPT = 'image/*,application/pdf,.pdf';
/** The header that carries the client-generated id of an uploaded file. */
export const ATTACHMENT_ID_HEADER = 'X-Attachment-Id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replay';
/** The 409 while the first copy of a request with the same Idempotency-Key still runs: worth retrying. */
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = '相同的请求正在处理中，请稍后重试';

/** The most records one batch review (POST {base}/review/batch) approves. */
export const REVIEW_BATCH_MAX = 200;

/** A review's score: 0–100; whole points or tenths as the program says (the schema allows tenths, the server then asks the program). */
const REVIEW_RULE: ScoreRule = { label: '分数', min: 0, max: 100, places: 1 };
export const reviewScoreRule = (precision: ScorePrecision): ScoreRule => ({ ...REVIEW_RULE, places: precision });

/** Messages every record kind shares: attachments, reviews and their corrections (each kind's own are contract/records.ts recordMessages). */
export const RECORD_MSG = {
  attachmentMissing: '附件不存在或尚未上传完成，请重新上传',
  attachmentIdFormat: '附件编号格式有误',
  attachmentIdTaken: '附件编号已被使用',
  attachmentType: '只能上传图片（JPG、PNG、GIF、WEBP、HEIC）或PDF文件',
  attachmentTooLarge: '文件大小不能超过10MB',
  attachmentEmpty: '文件内容为空',
  attachmentRequired: '请选择要上传的文件',
  attachmentNotMultipart: '请以表单（multipart/form-data）方式上传文件',
  attachmentNotFound: '附件不存在或无权查看',
  reviewAction: '批阅操作应为通过或退回',
  reviewScoreRequired: '批阅通过时请给出0到100的分数',
  reviewScoreNumber: SCORE_RULE_MSG.number(REVIEW_RULE),
  reviewScoreRange: SCORE_RULE_MSG.range(REVIEW_RULE),
  reviewScoreWhole: SCORE_RULE_MSG.whole(REVIEW_RULE),
  reviewScoreOneDecimal: SCORE_RULE_MSG.oneDecimal(REVIEW_RULE),
  correctionReasonRequired: '请填写更正原因',
  correctionReasonTooLong: `更正原因不能超过${WEEKLY_REASON_MAX}字`,
  correctionNotReviewer: '只有批阅人或实习管理员可以更正批阅',
  correctionUnchanged: '分数和批阅意见都没有改变',
  reviewCommentRequired: '退回时请填写批阅意见',
  reviewCommentTooLong: `批阅意见不能超过${WEEKLY_COMMENT_MAX}字`,
  batchEmpty: '请选择要批阅的记录',
  batchTooMany: `一次最多批阅${REVIEW_BATCH_MAX}条记录`,
  batchIdFormat: '记录编号格式有误',
  batchApproveOnly: '批量批阅只能通过；退回请逐条填写意见',
  batchNotSubmitted: (titles: readonly string[]) => `以下记录不是已提交状态，不能批阅：${titles.join('、')}`,
} as const;

/** Characters of a summary as the minimum counts them: every character except white space. */
export const countWeeklyChars = (content: string): number => [...content.replace(/\s/gu, '')].length;

// ---- dates: calendar weeks (Monday to Sunday) on the school's clock -----------------------------

/** Schools are in China: "today" and the current week follow Beijing time, whatever the server's zone. */
export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/**
 * Beijing time is UTC+8 all year (no daylight saving since 1991): the school's clock is a fixed shift,
 * read without Intl, whose first time-zone formatter costs a phone tens of milliseconds.
 */
const SCHOOL_UTC_OFFSET_MS = 8 * 3_600_000;

/** A moment as the school's clock reads it, as an ISO text: 2026-11-27T08:05:00.000Z means 08:05 at school. */
export const schoolClock = (moment: Date): string => new Date(moment.getTime() + SCHOOL_UTC_OFFSET_MS).toISOString();

/** The hour (0–23) on the school's clock. */
export const schoolHour = (moment: Date = new Date()): number => Number(schoolClock(moment).slice(11, 13));

/** Today's date (YYYY-MM-DD) on the school's clock. */
export function schoolToday(now: Date = new Date()): string {
  return schoolClock(now).slice(0, 10);
}

const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date written YYYY-MM-DD. */
export const isIsoDate = isCalendarDate;
export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);
/** 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => ((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1;
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));
export const isMonday = (date: string): boolean => isIsoDate(date) && isoWeekday(date) === 1;

// ---- requests ----------------------------------------------------------------------------------

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
const uuid = (message: string) => z.string({ error: message }).check(z.regex(UUID_PATTERN, message));

export const attachmentIdParams = lazySchema(() => z.object({ attachmentId: uuid(RECORD_MSG.attachmentIdFormat) }));

const optionalText = (max: number, message: string) => z.optional(z.nullable(z.string().check(z.maxLength(max, message))));

/** Decimal places a program allows in review scores. */
export type ScorePrecision = ScorePlaces;
export const SCORE_HINTS: Record<ScorePrecision, string> = { 0: '0到100的整数', 1: '0到100，可保留一位小数' };

/**
 * Why a score is refused, or null: on the server after the schema (the program says the precision)
 * and in both review forms as the adviser types, so 150 or 85.55 is never quietly changed.
 */
export const scoreProblem = (value: number, precision: ScorePrecision): string | null => scoreRuleProblem(value, reviewScoreRule(precision));

/** A score as the review forms hold it (a text field: nothing is rounded or clamped behind the adviser's back). */
export const parseScore = (text: string | number | null | undefined) => parseScoreText(text, REVIEW_RULE);

const scoreField = lazySchema(() => scoreRuleSchema(REVIEW_RULE, RECORD_MSG.reviewScoreNumber));

/** POST /internship/weekly/{id}/review. Whole points or tenths as the program says: the server checks that after this schema. */
export const weeklyReviewSchema = lazySchema(() =>
  z
    .object({
      action: z.enum(['approve', 'return'], { error: RECORD_MSG.reviewAction }),
      comment: optionalText(WEEKLY_COMMENT_MAX, RECORD_MSG.reviewCommentTooLong),
      score: z.optional(z.nullable(scoreField)),
    })
    .check(
      z.refine((v) => v.action !== 'approve' || typeof v.score === 'number', { error: RECORD_MSG.reviewScoreRequired, path: ['score'] }),
      z.refine((v) => v.action !== 'return' || (v.comment ?? '').trim().length > 0, { error: RECORD_MSG.reviewCommentRequired, path: ['comment'] }),
    ),
);
export type WeeklyReviewInput = z.infer<typeof weeklyReviewSchema>;

const batchList = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.minLength(1, RECORD_MSG.batchEmpty), z.maxLength(REVIEW_BATCH_MAX, RECORD_MSG.batchTooMany));

/**
 * POST {base}/review/batch: 批量通过, either the chosen records with one score (ids and score), or each with
 * its own (items); one comment for all. The whole batch is refused if one of them may not be approved.
 */
export const batchReviewSchema = lazySchema(() =>
  z
    .object({
      action: z.literal('approve', { error: RECORD_MSG.batchApproveOnly }),
      ids: z.optional(batchList(uuid(RECORD_MSG.batchIdFormat))),
      items: z.optional(batchList(z.object({ id: uuid(RECORD_MSG.batchIdFormat), score: scoreField }))),
      score: z.optional(z.nullable(scoreField)),
      comment: optionalText(WEEKLY_COMMENT_MAX, RECORD_MSG.reviewCommentTooLong),
    })
    .check(
      z.refine((v) => (v.ids ? 1 : 0) + (v.items ? 1 : 0) === 1, { error: RECORD_MSG.batchEmpty, path: ['ids'] }),
      z.refine((v) => !v.ids || typeof v.score === 'number', { error: RECORD_MSG.reviewScoreRequired, path: ['score'] }),
    ),
);
export type BatchReviewInput = z.infer<typeof batchReviewSchema>;

/**
 * POST /internship/weekly/{id}/review/correct: the reviewer (or the internship office) corrects a
 * 已批阅 summary's score and comment afterwards, saying why; it is logged and the student is told.
 */
export const weeklyCorrectionSchema = lazySchema(() =>
  z.object({
    score: scoreField,
    comment: optionalText(WEEKLY_COMMENT_MAX, RECORD_MSG.reviewCommentTooLong),
    reason: z
      .string({ error: RECORD_MSG.correctionReasonRequired })
      .check(z.trim(), z.minLength(1, RECORD_MSG.correctionReasonRequired), z.maxLength(WEEKLY_REASON_MAX, RECORD_MSG.correctionReasonTooLong)),
  }),
);
export type WeeklyCorrectionInput = z.infer<typeof weeklyCorrectionSchema>;

/** GET /internship/weekly/review: status left out lists every summary that is not a draft. */
export const weeklyReviewQuery = lazySchema(() =>
  z.object({
    status: z.optional(z.union([z.literal(''), z.enum(['submitted', 'reviewed', 'returned'], { error: '状态应为已提交、已批阅或已退回' })])),
    page: z._default(z.coerce.number({ error: '页码有误' }).check(z.int('页码有误'), z.gte(1, '页码有误')), 1),
    pageSize: z._default(z.coerce.number({ error: '每页条数应为1到100' }).check(z.int('每页条数应为1到100'), z.gte(1, '每页条数应为1到100'), z.lte(100, '每页条数应为1到100')), 10),
    _t: z.optional(z.coerce.number()),
  }),
);
export type WeeklyReviewQuery = z.input<typeof weeklyReviewQuery>;

// ---- answers -----------------------------------------------------------------------------------

export interface AttachmentMeta {
  id: string;
  /** The record (or placement) it belongs to. */
  recordId: string;
  fileName: string;
  mimeType: string;
  size: number;
  createdAt: string;
}

export type ReviewLogAction = 'approve' | 'return' | 'correct';
export const REVIEW_LOG_ACTION_LABELS: Record<ReviewLogAction, string> = { approve: '通过', return: '退回', correct: '更正' };

/** One review of a summary: the first, and each correction with what it replaced and why. */
export interface ReviewLogEntry {
  id: string;
  action: ReviewLogAction;
  score: number | null;
  comment: string | null;
  previousScore: number | null;
  previousComment: string | null;
  reason: string | null;
  reviewerName: string | null;
  createdAt: string;
}
