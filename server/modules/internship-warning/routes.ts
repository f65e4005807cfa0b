import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { RelationAccess } from '@contract/relations.ts';
import {
  ADVISER_STATS_COLUMNS,
  STATS_PERMISSION,
  WARNING_ACCESS,
  WARNING_KIND_LABELS,
  WARNING_MSG,
  WARNING_PERMISSIONS,
  WARNING_RESOURCE,
  WARNING_STATUS_LABELS,
  WARNING_CHECK_URL,
  statsQuerySchema,
  warningCheckSchema,
  warningHandleSchema,
  type PlacementStats,
  type WarningCheckResult,
  type WarningRow,
  type WeeklyStats,
} from '@contract/internship-warning.ts';
import { exportFields, pageQuerySchema, refTextKey } from '@contract/resource.ts';
import { EXCEL } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { notFound, ok, HttpError } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { raiseWarnings, raisedSummary } from './job.ts';
import { adviserStats, allWarnings, markHandled, optionPage, placementStats, programInReach, programsInReach, warningInReach, warningPage, warningStats, weeklyStats, type OptionKind } from './queries.ts';
import { placementReach, requestViewer } from '../relation/model.ts';
import { registerReportRoutes } from './report.ts';
import {
  adviserStatsAnswer,
  handledWarningAnswer,
  namedOptionsAnswer,
  placementStatsAnswer,
  statsProgramsAnswer,
  warningAnswer,
  warningCheckAnswer,
  warningPageAnswer,
  warningStatsAnswer,
  weeklyStatsAnswer,
} from './schemas.ts';

const filterText = z.optional(z.string().check(z.maxLength(100)));
const warningFilters = {
  kind: filterText,
  status: filterText,
  programId: filterText,
  departId: filterText,
  classId: filterText,
  adviserUserId: filterText,
  studentName: filterText,
};
const listQuery = z.extend(pageQuerySchema, warningFilters);
const exportQuery = z.object(warningFilters);
const optionQuery = z.extend(pageQuerySchema, { name: filterText });
const optionParams = z.object({ kind: z.enum(['depart', 'class', 'adviser', 'program']) });
const statsExportQuery = z.extend(statsQuerySchema, { table: z.enum(['depart', 'class', 'weekly', 'adviser']) });

const STATS_NOT_FOUND = '实习计划不存在或无权查看';

/** A warning's cells in the export, in the description's Excel columns. */
function warningCells(row: WarningRow): unknown[] {
  const shown: Record<string, unknown> = {
    ...row,
    kind: WARNING_KIND_LABELS[row.kind],
    status: WARNING_STATUS_LABELS[row.status],
    createdAt: new Date(row.createdAt),
    handledAt: row.handledAt ? new Date(row.handledAt) : '',
  };
  return exportFields(WARNING_RESOURCE).map((f) => (f.kind === 'ref' ? (row as Record<string, unknown>)[refTextKey(f.name)] : shown[f.name]) ?? '');
}

/**
 * 实习预警 (the list, 处理, the export, the filters' choices) and 实习统计 (a program's placements, weeks
 * and open warnings). Everything is limited to the placements the caller reaches (the relation model, WARNING_ACCESS): a warning or
 * program outside answers 404, whether it exists or not.
 */
export default async function internshipWarningRoutes(app: App) {
  const { db } = app;
  const access = (permission: string) => ({ access: { permission, scope: 'placement' } as const });
  const reachOf = async (request: FastifyRequest, action: keyof RelationAccess = 'read') => placementReach(await requestViewer(request), WARNING_ACCESS[action]);

  app.get('/internship/warning/list', { config: access(WARNING_PERMISSIONS.list), schema: { querystring: listQuery, response: { 200: warningPageAnswer } } }, async (request) => {
    const { pageNo, pageSize, order, ...filters } = request.query;
    return ok(await warningPage(db, await reachOf(request), filters, { pageNo, pageSize, order }));
  });

  app.get('/internship/warning/queryById', { config: access(WARNING_PERMISSIONS.list), schema: { querystring: z.object({ id: z.string() }), response: { 200: warningAnswer } } }, async (request) => {
    const row = await warningInReach(db, await reachOf(request), request.query.id);
    if (!row) throw notFound(WARNING_MSG.notFound);
    return ok(row);
  });

  app.put('/internship/warning/handle', { config: access(WARNING_PERMISSIONS.handle), schema: { body: warningHandleSchema, response: { 200: handledWarningAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { id, note } = request.body;
    const reach = await reachOf(request, 'review');
    const row = await warningInReach(db, reach, id);
    if (!row) throw notFound(WARNING_MSG.notFound);
    if (row.status !== 'open' || !(await markHandled(db, id, auth.userId, note.trim()))) throw new HttpError(409, WARNING_MSG.alreadyHandled);
    return ok(await warningInReach(db, reach, id), '已标记为已处理');
  });

  // 立即检查: the daily job's own function, now; each finding is still raised once (a second check adds nothing).
  app.post(WARNING_CHECK_URL, { config: access(WARNING_PERMISSIONS.check), schema: { body: warningCheckSchema, response: { 200: warningCheckAnswer } } }, async (request) => {
    const { programId } = request.body;
    if (programId && !(await programInReach(db, await reachOf(request), programId))) throw notFound(STATS_NOT_FOUND);
    // The placements the caller handles (WARNING_ACCESS.review): the office's and the administrator's are the whole school.
    const raised = await raiseWarnings(db, new Date(), { programId, reach: await reachOf(request, 'review') });
    const summary = raisedSummary(raised);
    const result: WarningCheckResult = { ...raised, total: Object.values(raised.byKind).reduce((sum, n) => sum + n, 0), summary };
    return ok(result, summary);
  });

  app.get('/internship/warning/exportXls', { config: { ...access(WARNING_PERMISSIONS.export), fileAnswer: [EXCEL] }, schema: { querystring: exportQuery } }, async (request, reply) => {
    const rows = await allWarnings(db, await reachOf(request), request.query);
    const columns = exportFields(WARNING_RESOURCE).map((f) => ({ header: f.label, width: f.name === 'message' ? 60 : undefined }));
    return sendWorkbook(reply, WARNING_RESOURCE.title, await buildWorkbook(WARNING_RESOURCE.title, columns, rows.map(warningCells)));
  });

  app.get('/internship/warning/options/:kind', { config: access(WARNING_PERMISSIONS.list), schema: { params: optionParams, querystring: optionQuery, response: { 200: namedOptionsAnswer } } }, async (request) =>
    ok(await optionPage(db, await reachOf(request), request.params.kind as OptionKind, request.query.name, request.query.pageSize)),
  );

  // ---- 实习统计 ----
  const programOf = async (request: FastifyRequest, programId: string) => {
    const reach = await reachOf(request);
    const program = await programInReach(db, reach, programId);
    if (!program) throw notFound(STATS_NOT_FOUND);
    return { reach, program };
  };

  registerReportRoutes(app);

  app.get('/internship/stats/programs', { config: access(STATS_PERMISSION), schema: { response: { 200: statsProgramsAnswer } } }, async (request) => ok(await programsInReach(db, await reachOf(request))));

  app.get('/internship/stats/placements', { config: access(STATS_PERMISSION), schema: { querystring: statsQuerySchema, response: { 200: placementStatsAnswer } } }, async (request) => {
    const { reach, program } = await programOf(request, request.query.programId);
    const result: PlacementStats = { program, ...(await placementStats(db, reach, program.id)) };
    return ok(result);
  });

  app.get('/internship/stats/weekly', { config: access(STATS_PERMISSION), schema: { querystring: statsQuerySchema, response: { 200: weeklyStatsAnswer } } }, async (request) => {
    const { reach, program } = await programOf(request, request.query.programId);
    const result: WeeklyStats = { weeks: await weeklyStats(db, reach, program) };
    return ok(result);
  });

  app.get('/internship/stats/warnings', { config: access(STATS_PERMISSION), schema: { querystring: statsQuerySchema, response: { 200: warningStatsAnswer } } }, async (request) => {
    const { reach, program } = await programOf(request, request.query.programId);
    return ok(await warningStats(db, reach, program.id));
  });

  app.get('/internship/stats/advisers', { config: access(STATS_PERMISSION), schema: { querystring: statsQuerySchema, response: { 200: adviserStatsAnswer } } }, async (request) => {
    const { reach, program } = await programOf(request, request.query.programId);
    return ok(await adviserStats(db, reach, program.id));
  });

  /** One of the statistics' tables as .xlsx: by department, by class, by adviser, or the weeks. */
  app.get('/internship/stats/exportXls', { config: { ...access(STATS_PERMISSION), fileAnswer: [EXCEL] }, schema: { querystring: statsExportQuery } }, async (request, reply) => {
    const { reach, program } = await programOf(request, request.query.programId);
    const counts = ['学生数', '已落实单位', '未落实单位', '实习中', '已结束'].map((header) => ({ header }));
    const figures = (c: { total: number; placed: number; unplaced: number; active: number; ended: number }) => [c.total, c.placed, c.unplaced, c.active, c.ended];
    if (request.query.table === 'weekly') {
      const weeks = await weeklyStats(db, reach, program);
      const columns = ['周次', '开始日期', '结束日期', '应交周记', '已交周记', '提交率(%)', '已批阅', '批阅率(%)'].map((header) => ({ header }));
      const rows = weeks.map((w) => [`第${w.weekNo}周`, w.weekStart, w.weekEnd, w.expected, w.submitted, w.submitRate ?? '', w.reviewed, w.reviewRate ?? '']);
      return sendWorkbook(reply, `${program.name}周记统计`, await buildWorkbook('周记统计', columns, rows));
    }
    if (request.query.table === 'adviser') {
      const { month, advisers } = await adviserStats(db, reach, program.id);
      const columns = ADVISER_STATS_COLUMNS.map((c) => ({ header: c.key === 'contacted' ? `${month}联系达标` : c.label }));
      const rows = advisers.map((a) => ADVISER_STATS_COLUMNS.map((c) => a[c.key] ?? ''));
      return sendWorkbook(reply, `${program.name}按指导教师统计`, await buildWorkbook('按指导教师统计', columns, rows));
    }
    const stats = await placementStats(db, reach, program.id);
    if (request.query.table === 'depart') {
      const rows = stats.byDepart.map((d) => [d.departName ?? '未分班', ...figures(d)]);
      return sendWorkbook(reply, `${program.name}按院系统计`, await buildWorkbook('按院系统计', [{ header: '院系' }, ...counts], rows));
    }
    const rows = stats.byClass.map((c) => [c.departName ?? '', c.className ?? '未分班', ...figures(c), c.openWarnings]);
    return sendWorkbook(reply, `${program.name}按班级统计`, await buildWorkbook('按班级统计', [{ header: '院系' }, { header: '班级' }, ...counts, { header: '待处理预警' }], rows));
  });
}
