import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MAJOR_MATCH_LABELS } from '@contract/internship-placement.ts';
import { schoolClock, schoolToday } from '@contract/internship.ts';
import { STATS_PERMISSION, WARNING_ACCESS, percent, type StatsProgram } from '@contract/internship-warning.ts';
import { RECORD_KINDS, recordSlots } from '@contract/records.ts';
import {
  PROGRAM_YEAR_SEARCH,
  RATE_KINDS,
  REPORT_DIMENSION_LABELS,
  REPORT_MSG,
  REPORT_TABLE_TITLES,
  STATS_REPORT_URL,
  UNFILLED,
  UNFILLED_LABELS,
  UNIT_DIMENSIONS,
  placementReportQuerySchema,
  programYear,
  rateColumns,
  reportExportQuerySchema,
  reportQuerySchema,
  selectionText,
  yearRangeText,
  type KindRate,
  type PlacementReport,
  type PlacementReportRow,
  type RateKind,
  type RateReport,
  type RateReportRow,
  type ReportDimension,
  type ReportSelection,
} from '@contract/stats-report.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipRecord, internshipUnit, sysDepart, sysDict, sysDictItem } from '../../db/schema.ts';
import { EXCEL } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { notFound, ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { PLACED } from '../internship-placement/placed.ts';
import { UNIT_REGION } from '../internship-unit/region.ts';
import { placementReach, requestViewer } from '../relation/model.ts';
import { WRITING, programsInReach, submittedRecords } from './queries.ts';
import { placementReportAnswer, rateReportAnswer } from './schemas.ts';

/**
 * 统计报表 (contract/stats-report.ts): the placements of the chosen programs in reach counted by 专业, 实习单位, 地区,
 * 行业 or 岗位对口, one column per program; the departments' records due, submitted and reviewed; each as .xlsx.
 * The placements are read as 实习统计 reads them (the student's class, major and department; WARNING_ACCESS), and each
 * row's value is what the placements list's search for it (internship-placement/placed.ts PLACEMENT_SEARCH) matches.
 */

interface SelectionQuery {
  yearFrom?: number;
  yearTo?: number;
  programIds?: string;
}

const byYear = (a: StatsProgram, b: StatsProgram) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name, 'zh-CN');

/**
 * The programs a report counts: those with placements in reach, of the years asked (by their start) and among the
 * programs asked; a program asked for outside reach answers 404, as 实习统计's do.
 */
export async function selectionOf(db: Database, reach: SQL, query: SelectionQuery): Promise<ReportSelection> {
  const [programs, placed] = await Promise.all([
    programsInReach(db, reach),
    db.selectDistinct({ id: internshipEnrolment.programId }).from(internshipEnrolment).where(reach),
  ]);
  const asked = [...new Set((query.programIds ?? '').split(',').map((id) => id.trim()).filter(Boolean))];
  if (asked.some((id) => !programs.some((p) => p.id === id))) throw notFound(REPORT_MSG.programNotFound);
  const withPlacements = new Set(placed.map((p) => p.id));
  const counted = programs.filter((p) => withPlacements.has(p.id)).sort(byYear);
  const inYears = (p: StatsProgram) => (query.yearFrom === undefined || programYear(p) >= query.yearFrom) && (query.yearTo === undefined || programYear(p) <= query.yearTo);
  const chosen = counted.filter((p) => inYears(p) && (asked.length === 0 || asked.includes(p.id)));
  return {
    yearFrom: query.yearFrom ?? null,
    yearTo: query.yearTo ?? null,
    programs: chosen.map((p) => ({ id: p.id, name: p.name, year: programYear(p) })),
    programSearch: programSearchOf(chosen, counted),
  };
}

/** The list's search for every placement of the programs: the one program, or every program of their years (when they are all chosen). */
function programSearchOf(chosen: StatsProgram[], counted: StatsProgram[]): Record<string, string> | null {
  if (chosen.length === 1) return { programId: chosen[0]!.id };
  if (chosen.length === 0) return null;
  const years = chosen.map(programYear);
  const from = Math.min(...years);
  const to = Math.max(...years);
  const ofYears = counted.filter((p) => programYear(p) >= from && programYear(p) <= to);
  return ofYears.length === chosen.length ? { [PROGRAM_YEAR_SEARCH]: yearRangeText(from, to) } : null;
}

// ---- placements by a dimension ------------------------------------------------------------------

/** What a placement is counted by: the row's key, and its name where the key is an id (taken once per row). */
const DIMENSIONS: Record<ReportDimension, { key: SQL; name?: SQL<string> }> = {
  major: { key: sql`${basicMajor.id}`, name: sql<string>`min(${basicMajor.name})` },
  unit: { key: sql`${internshipUnit.id}`, name: sql<string>`min(${internshipUnit.name})` },
  region: { key: UNIT_REGION },
  industry: { key: sql`${internshipUnit.industry}` },
  majorMatch: { key: sql`${internshipEnrolment.majorMatch}` },
};

/** A dictionary's texts by value. */
async function dictTexts(db: Database, dictCode: string): Promise<Map<string, string>> {
  const items = await db.select({ value: sysDictItem.itemValue, text: sysDictItem.itemText }).from(sysDictItem).innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId)).where(eq(sysDict.dictCode, dictCode));
  return new Map(items.map((i) => [i.value, i.text]));
}

/** A row's name: the unit's or major's, the dictionary's or the list's label of the value, or 未填写 (未分班) without one. */
async function labelOf(db: Database, dimension: ReportDimension): Promise<(key: string | null, name: string | null) => string> {
  const unfilled = UNFILLED_LABELS[dimension] ?? UNFILLED;
  if (dimension === 'industry') {
    const texts = await dictTexts(db, 'internship_industry');
    return (key) => (key === null ? unfilled : (texts.get(key) ?? key));
  }
  if (dimension === 'majorMatch') return (key) => (key === null ? unfilled : (MAJOR_MATCH_LABELS[key as keyof typeof MAJOR_MATCH_LABELS] ?? key));
  return (key, name) => (key === null ? unfilled : (name ?? key));
}

const MATCH_ORDER: readonly (string | null)[] = [...Object.keys(MAJOR_MATCH_LABELS), null];

/** The placements of the selection in reach by the dimension and program: the unit's dimensions count those with a unit. */
export async function placementReport(db: Database, reach: SQL, selection: ReportSelection, dimension: ReportDimension): Promise<PlacementReport> {
  const ids = selection.programs.map((p) => p.id);
  const { key, name } = DIMENSIONS[dimension];
  const [counts, label] = await Promise.all([
    ids.length === 0
      ? []
      : db
          // By position: the region's expression holds parameters, which GROUP BY would not know for the same.
          .select({ key: sql<string | null>`${key}`, programId: internshipEnrolment.programId, name: name ?? sql<string | null>`null`, n: sql<number>`cast(count(*) as int)` })
          .from(internshipEnrolment)
          .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
          .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
          .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
          .leftJoin(internshipUnit, eq(internshipUnit.id, internshipEnrolment.unitId))
          .where(and(inArray(internshipEnrolment.programId, ids), reach, UNIT_DIMENSIONS.includes(dimension) ? PLACED.placed : undefined))
          .groupBy(sql`1`, sql`2`),
    labelOf(db, dimension),
  ]);
  const rows = new Map<string | null, PlacementReportRow>();
  const total: PlacementReport['total'] = { byProgram: {}, total: 0 };
  for (const count of counts) {
    const row = rows.get(count.key) ?? { key: count.key, label: label(count.key, count.name), byProgram: {}, total: 0, share: null };
    rows.set(count.key, row);
    row.byProgram[count.programId] = count.n;
    row.total += count.n;
    total.byProgram[count.programId] = (total.byProgram[count.programId] ?? 0) + count.n;
    total.total += count.n;
  }
  const ordered = [...rows.values()].map((row) => ({ ...row, share: percent(row.total, total.total) }));
  // 岗位对口 in its own order; the rest the largest first, the row without a value last.
  ordered.sort((a, b) =>
    dimension === 'majorMatch'
      ? MATCH_ORDER.indexOf(a.key) - MATCH_ORDER.indexOf(b.key)
      : Number(a.key === null) - Number(b.key === null) || b.total - a.total || a.label.localeCompare(b.label, 'zh-CN'),
  );
  return { dimension, selection, rows: ordered, total };
}

// ---- the departments' submission and review rates ----------------------------------------------

const noRate = (): KindRate => ({ expected: 0, submitted: 0, reviewed: 0, submitRate: null, reviewRate: null });
const emptyRateRow = (departId: string | null, departName: string | null): RateReportRow => ({
  departId,
  departName,
  placements: 0,
  kinds: Object.fromEntries(RATE_KINDS.map((kind) => [kind, noRate()])) as Record<RateKind, KindRate>,
});

/** Adds one row's counts to another's (the 合计). */
function addRates(into: RateReportRow, from: RateReportRow) {
  into.placements += from.placements;
  for (const kind of RATE_KINDS) {
    into.kinds[kind].expected += from.kinds[kind].expected;
    into.kinds[kind].submitted += from.kinds[kind].submitted;
    into.kinds[kind].reviewed += from.kinds[kind].reviewed;
  }
}

function withRates(row: RateReportRow): RateReportRow {
  for (const kind of RATE_KINDS) {
    const rate = row.kinds[kind];
    rate.submitRate = percent(rate.submitted, rate.expected);
    rate.reviewRate = percent(rate.reviewed, rate.submitted);
  }
  return row;
}

/**
 * Each department's placements of the selection in reach and, of those under way or ended, the records of each
 * RATE_KINDS due so far (each placement's periods from its start to today or its end, as 学生实习进度 and 实习统计's
 * weeks count them: contract/records.ts recordSlots), those submitted and those reviewed.
 */
export async function rateReport(db: Database, reach: SQL, selection: ReportSelection, today: string = schoolToday()): Promise<RateReport> {
  const ids = selection.programs.map((p) => p.id);
  const total = emptyRateRow(null, '合计');
  if (ids.length === 0) return { selection, rows: [], total };
  const inPrograms = and(inArray(internshipEnrolment.programId, ids), reach);
  const [spans, records] = await Promise.all([
    db
      // A few distinct spans, counted, rather than every placement's row (as 实习统计's weeks).
      .select({ departId: basicMajor.departId, startDate: internshipEnrolment.startDate, endDate: internshipEnrolment.endDate, status: internshipEnrolment.status, n: sql<number>`cast(count(*) as int)` })
      .from(internshipEnrolment)
      .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
      .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
      .leftJoin(basicMajor, eq(basicMajor.id, basicClass.majorId))
      .where(inPrograms)
      .groupBy(basicMajor.departId, internshipEnrolment.startDate, internshipEnrolment.endDate, internshipEnrolment.status),
    submittedRecords(db, { departId: basicMajor.departId, kind: internshipRecord.kind }, and(inPrograms, inArray(internshipEnrolment.status, WRITING)), RATE_KINDS).groupBy(basicMajor.departId, internshipRecord.kind),
  ]);
  const departIds = [...new Set(spans.map((s) => s.departId).filter((id): id is string => id !== null))];
  const departs = departIds.length ? await db.select({ id: sysDepart.id, name: sysDepart.departName }).from(sysDepart).where(inArray(sysDepart.id, departIds)).orderBy(asc(sysDepart.departName)) : [];
  const rows = new Map<string | null, RateReportRow>(departs.map((d) => [d.id, emptyRateRow(d.id, d.name)]));
  const rowOf = (departId: string | null) => rows.get(departId) ?? rows.set(departId, emptyRateRow(departId, null)).get(departId)!;
  for (const span of spans) {
    const row = rowOf(span.departId);
    row.placements += span.n;
    if (!WRITING.includes(span.status)) continue;
    for (const kind of RATE_KINDS) row.kinds[kind].expected += span.n * recordSlots(RECORD_KINDS[kind].period, span.startDate, span.endDate, today).length;
  }
  for (const record of records) {
    const rate = rowOf(record.departId).kinds[record.kind as RateKind];
    rate.submitted += record.submitted;
    rate.reviewed += record.reviewed;
  }
  const ordered = [...rows.values()].sort((a, b) => Number(a.departId === null) - Number(b.departId === null) || (a.departName ?? '').localeCompare(b.departName ?? '', 'zh-CN'));
  for (const row of ordered) addRates(total, row);
  return { selection, rows: ordered.map(withRates), total: withRates(total) };
}

// ---- the workbooks ------------------------------------------------------------------------------

/** Below a table in its workbook: what it counts, and when it was made. */
const provenance = (selection: ReportSelection, now: Date) => [[], [`统计范围：${selectionText(selection)}`], [`生成时间：${schoolClock(now).slice(0, 19).replace('T', ' ')}`]];

/** A placements table as its sheet: a column per program (and 合计 when there are several), 占比, the 合计 row. */
function placementSheet(report: PlacementReport) {
  const { programs } = report.selection;
  const several = programs.length > 1;
  const columns = [REPORT_DIMENSION_LABELS[report.dimension], ...(several ? programs.map((p) => p.name) : []), '合计', '占比(%)'].map((header) => ({ header }));
  const cells = (label: string, byProgram: Record<string, number>, total: number, share: number | null) => [label, ...(several ? programs.map((p) => byProgram[p.id] ?? 0) : []), total, share ?? ''];
  return { columns, rows: [...report.rows.map((r) => cells(r.label, r.byProgram, r.total, r.share)), cells('合计', report.total.byProgram, report.total.total, report.total.total ? 100 : null)] };
}

function rateSheet(report: RateReport) {
  const columns = [{ header: '院系' }, ...rateColumns().map((c) => ({ header: c.label }))];
  const cells = (row: RateReportRow, name: string) => [name, ...rateColumns().map((c) => (c.kind && c.field ? (row.kinds[c.kind][c.field] ?? '') : row.placements))];
  return { columns, rows: [...report.rows.map((r) => cells(r, r.departName ?? '未分班')), cells(report.total, '合计')] };
}

/** 统计报表's routes, with 实习统计's permission and reach (routes.ts). */
export function registerReportRoutes(app: App) {
  const { db } = app;
  const config = { access: { permission: STATS_PERMISSION, scope: 'placement' } as const };
  const reachOf = async (request: FastifyRequest) => placementReach(await requestViewer(request), WARNING_ACCESS.read);

  app.get(STATS_REPORT_URL.placements, { config, schema: { querystring: placementReportQuerySchema, response: { 200: placementReportAnswer } } }, async (request) => {
    const reach = await reachOf(request);
    return ok(await placementReport(db, reach, await selectionOf(db, reach, request.query), request.query.dimension));
  });

  app.get(STATS_REPORT_URL.rates, { config, schema: { querystring: reportQuerySchema, response: { 200: rateReportAnswer } } }, async (request) => {
    const reach = await reachOf(request);
    return ok(await rateReport(db, reach, await selectionOf(db, reach, request.query)));
  });

  app.get(STATS_REPORT_URL.exportXls, { config: { ...config, fileAnswer: [EXCEL] }, schema: { querystring: reportExportQuerySchema } }, async (request, reply) => {
    const reach = await reachOf(request);
    const { table } = request.query;
    const selection = await selectionOf(db, reach, request.query);
    const { columns, rows } = table === 'rates' ? rateSheet(await rateReport(db, reach, selection)) : placementSheet(await placementReport(db, reach, selection, table));
    const title = REPORT_TABLE_TITLES[table];
    const years = selection.yearFrom !== null && selection.yearTo !== null ? `（${yearRangeText(selection.yearFrom, selection.yearTo)}）` : '';
    return sendWorkbook(reply, `统计报表-${title}${years}`, await buildWorkbook(title, columns, [...rows, ...provenance(selection, new Date())]));
  });
}
