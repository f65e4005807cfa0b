import { z } from 'zod';
import { SCORE_MARKS, SCORE_MODES, SHEET_STATUSES, type ScorePickRow, type SheetDetail, type SheetRow } from '@contract/practice-score.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

const isoTime = z.iso.datetime();
const scoreMode = z.enum(SCORE_MODES.map((m) => m.value) as ['percent', 'grade']).meta({ description: '成绩类型：percent 百分制，grade 五级制' });

const sheetRow = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  courseCode: z.string(),
  classId: z.string(),
  className: z.string(),
  term: z.string().regex(/^\d{4}-\d{4}-[12]$/).meta({ description: '学年-学期，如 2026-2027-1' }),
  scoreMode,
  status: z.enum(SHEET_STATUSES.map((s) => s.value) as ['draft', 'submitted']).meta({ description: 'draft 草稿，submitted 已提交（已锁定）' }),
  teacherName: z.string(),
  mine: z.boolean().meta({ description: '调用者本人录入的成绩单' }),
  studentCount: counted,
  filledCount: counted,
  updatedAt: isoTime,
  submittedAt: isoTime.nullable(),
}) satisfies z.ZodType<SheetRow>;

const sheetDetail = sheetRow.extend({
  editable: z.boolean().meta({ description: '调用者可修改成绩（本人的草稿）' }),
  students: z.array(
    z.object({
      studentId: z.string(),
      studentNo: z.string(),
      name: z.string(),
      value: z.string().nullable().meta({ description: '成绩（分数、等级或缺考、缓考、免修），未录入为 null' }),
    }),
  ),
  summary: z.object({
    students: counted,
    scored: counted,
    marks: z.object(Object.fromEntries(SCORE_MARKS.map((mark) => [mark, counted])) as Record<(typeof SCORE_MARKS)[number], typeof counted>),
    empty: counted,
    average: z.number().min(0).max(100).nullable().meta({ description: '百分制成绩的平均分（一位小数）；五级制或尚无成绩时为 null' }),
    failed: counted,
  }),
  log: z.array(z.object({ action: z.enum(['submit', 'reopen']), actorName: z.string(), at: isoTime, reason: z.string().nullable() })).meta({ description: '提交与重新开放，最近的在前' }),
}) satisfies z.ZodType<SheetDetail>;

const pickRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  scoreMode: scoreMode.optional().meta({ description: '课程的成绩类型（仅课程）' }),
}) satisfies z.ZodType<ScorePickRow>;

export const sheetPageAnswer = envelope(pageOf(sheetRow));
export const sheetDetailAnswer = envelope(sheetDetail);
export const scorePickAnswer = envelope(pageOf(pickRow));
export const cellsSavedAnswer = envelope(z.object({ savedAt: isoTime, saved: counted.meta({ description: '保存的成绩个数' }) }));
