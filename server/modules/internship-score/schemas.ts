import { z } from 'zod';
import {
  GRADES,
  MENTOR_ITEMS,
  MENTOR_ITEM_MAX,
  SCORE_COMPONENT_LABELS,
  SCORE_STATUSES,
  type MentorItems,
  type ScoreDetail,
  type ScoreLogDetail,
  type ScoreLogEntry,
  type ScoreRow,
  type ScoreWeights,
} from '@contract/internship-score.ts';
import { envelope, pageOf } from '../../lib/answers.ts';

/** A component, a total or a weight: 0–100. */
const percent = z.number().min(0).max(100);
const isoTime = z.iso.datetime();
const componentLabel = z.enum(Object.values(SCORE_COMPONENT_LABELS) as [string, ...string[]]);

const scoreRow = z.object({
  id: z.string().meta({ description: '实习安排编号（成绩以实习安排为单位）' }),
  studentName: z.string(),
  studentNo: z.string().nullable(),
  programId: z.string(),
  programId_dictText: z.string(),
  classId: z.string().nullable(),
  classId_dictText: z.string().nullable(),
  departName: z.string().nullable(),
  unitName: z.string().nullable(),
  mentorName: z.string().nullable(),
  adviserName: z.string().nullable(),
  mentorScore: percent.nullable(),
  adviserScore: percent.nullable(),
  summaryScore: percent.nullable().meta({ description: '周记成绩：已批阅周记的平均分（发布后冻结）' }),
  reportScore: percent.nullable(),
  total: percent.nullable().meta({ description: '总评；有权重的成分缺少时为 null（待评）' }),
  grade: z.enum(GRADES).nullable(),
  status: z.enum(SCORE_STATUSES).meta({ description: 'pending 待评，ready 待发布，published 已发布' }),
  missing: z.array(componentLabel).meta({ description: '还缺少的有权重成分（中文名称）' }),
  publishedAt: isoTime.nullable(),
  canEvaluate: z.boolean().meta({ description: '调用者是该生的企业导师且成绩未发布，可评价' }),
  canScore: z.boolean().meta({ description: '调用者是该生的指导教师且成绩未发布，可评分' }),
}) satisfies z.ZodType<ScoreRow>;

// The server writes every item's comment (null when none); the type allows it absent, as the form sends it.
const mentorItem = z.object({ score: z.number().int().min(0).max(MENTOR_ITEM_MAX), comment: z.string().nullable().optional() });
const mentorItems = z.object(Object.fromEntries(MENTOR_ITEMS.map((item) => [item.key, mentorItem])) as Record<keyof MentorItems, typeof mentorItem>) satisfies z.ZodType<MentorItems>;

const weights = z.object({ mentor: percent, adviser: percent, summary: percent, report: percent }) satisfies z.ZodType<ScoreWeights>;

const logValue = z.object({ score: percent.nullable(), comment: z.string().nullable() });
const logDetail = z
  .object({
    previous: logValue.nullable().optional(),
    next: logValue.optional(),
    total: percent.nullable().optional(),
    grade: z.enum(GRADES).nullable().optional(),
  })
  .meta({ description: '评价、评分：修改前后的分数与评语（previous、next）；发布、重新开放：当时的总评与等级（total、grade）' }) satisfies z.ZodType<ScoreLogDetail>;

const logEntry = z.object({
  id: z.string(),
  action: z.enum(['evaluate', 'score', 'publish', 'reopen']),
  detail: logDetail.nullable(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: isoTime,
}) satisfies z.ZodType<ScoreLogEntry>;

const scoreDetail = scoreRow.extend({
  weights,
  scorePrecision: z.union([z.literal(0), z.literal(1)]).meta({ description: '成绩精度：0 整数，1 一位小数' }),
  mentorItems: mentorItems.nullable(),
  mentorComment: z.string().nullable(),
  mentorAt: isoTime.nullable(),
  adviserComment: z.string().nullable(),
  adviserAt: isoTime.nullable(),
  publishedByName: z.string().nullable(),
  log: z.array(logEntry).meta({ description: '变更记录，最早的在前；学生本人查看时为空' }),
}) satisfies z.ZodType<ScoreDetail>;

export const scorePageAnswer = envelope(pageOf(scoreRow));
export const scoreDetailAnswer = envelope(scoreDetail);
/** The pickers' programs and classes: only those of the scores the caller sees. */
export const scorePickAnswer = envelope(pageOf(z.object({ id: z.string(), name: z.string() })));
