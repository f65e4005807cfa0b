import { z } from 'zod';
import {
  WARNING_KINDS,
  WARNING_STATUSES,
  type AdviserStats,
  type PlacementStats,
  type StatsProgram,
  type WarningCheckResult,
  type WarningRow,
  type WarningStats,
  type WeeklyStats,
} from '@contract/internship-warning.ts';
import { RATE_KINDS, REPORT_DIMENSIONS, type PlacementReport, type RateReport, type ReportSelection } from '@contract/stats-report.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

/** What 实习预警, 实习统计 and 统计报表 answer (routes.ts, report.ts). */

const warningKind = z.enum(WARNING_KINDS);
const day = z.string().meta({ description: 'YYYY-MM-DD' });
const isoTime = z.string().meta({ description: 'ISO 8601' });
/** A rate in percent with one decimal; null when there was nothing to divide by. */
const rate = z.number().nullable();

const warningRow = z.object({
  id: z.string(),
  kind: warningKind,
  period: z.string(),
  message: z.string(),
  status: z.enum(WARNING_STATUSES),
  enrolmentId: z.string(),
  studentName: z.string().nullable(),
  studentNo: z.string().nullable(),
  programId: z.string(),
  programId_dictText: z.string().nullable(),
  departId: z.string().nullable(),
  departId_dictText: z.string().nullable(),
  classId: z.string().nullable(),
  classId_dictText: z.string().nullable(),
  adviserUserId: z.string().nullable(),
  adviserUserId_dictText: z.string().nullable(),
  createdAt: isoTime,
  handledNote: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: isoTime.nullable(),
}) satisfies z.ZodType<WarningRow>;

export const warningPageAnswer = envelope(pageOf(warningRow));
export const warningAnswer = envelope(warningRow);
/** The warning as handled; null only when it left the caller's reach between the change and the read. */
export const handledWarningAnswer = envelope(warningRow.nullable());

/** The filters' pickers (queries.ts optionPage: 院系, 班级, 专业, 指导教师, 实习计划 of the placements in reach), one page from the first. */
export const namedOptionsAnswer = envelope(pageOf(z.object({ id: z.string(), name: z.string() })));

export const warningCheckAnswer = envelope(
  z.object({
    byKind: z.record(warningKind, counted),
    total: counted,
    advisersNotified: counted,
    summary: z.string(),
  }) satisfies z.ZodType<WarningCheckResult>,
);

// ---- 实习统计 ----

const statsProgram = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  startDate: day,
  endDate: day,
}) satisfies z.ZodType<StatsProgram>;
export const statsProgramsAnswer = envelope(z.array(statsProgram));

const counts = { total: counted, placed: counted, unplaced: counted, active: counted, ended: counted };
const departCounts = { departId: z.string().nullable(), departName: z.string().nullable(), ...counts };
export const placementStatsAnswer = envelope(
  z.object({
    program: statsProgram,
    total: z.object(counts),
    byDepart: z.array(z.object(departCounts)),
    byClass: z.array(z.object({ classId: z.string().nullable(), className: z.string().nullable(), ...departCounts, openWarnings: counted })),
  }) satisfies z.ZodType<PlacementStats>,
);

export const weeklyStatsAnswer = envelope(
  z.object({
    weeks: z.array(
      z.object({
        weekStart: day,
        weekEnd: day,
        weekNo: z.number().int().positive(),
        expected: counted,
        submitted: counted,
        reviewed: counted,
        submitRate: rate,
        reviewRate: rate,
      }),
    ),
  }) satisfies z.ZodType<WeeklyStats>,
);

export const warningStatsAnswer = envelope(
  z.object({ byKind: z.array(z.object({ kind: warningKind, open: counted })), open: counted }) satisfies z.ZodType<WarningStats>,
);

export const adviserStatsAnswer = envelope(
  z.object({
    month: z.string().meta({ description: '统计的月份，如 12月' }),
    required: counted.meta({ description: '实习计划要求的每月最少联系次数' }),
    advisers: z.array(
      z.object({
        adviserUserId: z.string(),
        adviserName: z.string(),
        departName: z.string().nullable(),
        students: counted,
        active: counted,
        contacted: counted,
        coverage: rate,
        submitted: counted,
        reviewed: counted,
        reviewRate: rate,
        timely: counted,
        timelyRate: rate,
      }),
    ),
  }) satisfies z.ZodType<AdviserStats>,
);

// ---- 统计报表 ----

const year = z.number().int();
const reportSelection = z.object({
  yearFrom: year.nullable(),
  yearTo: year.nullable(),
  programs: z.array(z.object({ id: z.string(), name: z.string(), year })),
  programSearch: z.record(z.string(), z.string()).nullable().meta({ description: '实习安排列表中查看这些实习计划全部安排的查询条件' }),
}) satisfies z.ZodType<ReportSelection>;

const byProgram = z.record(z.string(), counted).meta({ description: '按实习计划 id 计数' });
export const placementReportAnswer = envelope(
  z.object({
    dimension: z.enum(REPORT_DIMENSIONS),
    selection: reportSelection,
    rows: z.array(z.object({ key: z.string().nullable(), label: z.string(), byProgram, total: counted, share: rate })),
    total: z.object({ byProgram, total: counted }),
  }) satisfies z.ZodType<PlacementReport>,
);

const kindRate = z.object({ expected: counted, submitted: counted, reviewed: counted, submitRate: rate, reviewRate: rate });
const rateRow = z.object({ departId: z.string().nullable(), departName: z.string().nullable(), placements: counted, kinds: z.record(z.enum(RATE_KINDS), kindRate) });
export const rateReportAnswer = envelope(z.object({ selection: reportSelection, rows: z.array(rateRow), total: rateRow }) satisfies z.ZodType<RateReport>);
