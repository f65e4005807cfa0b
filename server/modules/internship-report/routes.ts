import { addDays, schoolClock } from '@contract/internship.ts';
import {
  CONCENTRATED_MIN,
  NATIONAL_MAP,
  REPORT_KINDS,
  REPORT_MSG,
  REPORT_PERMISSIONS,
  REPORT_SETTING_KEYS,
  REPORT_URL,
  codeSettingsSchema,
  columnMapsSchema,
  monthLabel,
  reportExportSchema,
  type ReportOptions,
  type SettingSaved,
} from '@contract/internship-report.ts';
import { EXCEL } from '../../lib/answers.ts';
import { sendWorkbook } from '../../lib/excel.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { schoolName } from '../documents/issue.ts';
import { requestViewer, type Viewer } from '../relation/model.ts';
import { departNames, monthActivities, personName, placementFacts, programById, programsInReach, readSettings, saveSetting } from './queries.ts';
import { HASH_METHOD, codeRows, reportWorkbook, rowCells, rowsHash, type Cell, type RowMonth } from './workbook.ts';
import { reportOptionsAnswer, reportSettingsAnswer } from './schemas.ts';

/** How the categories our data has no field for are derived (written into every export). */
const DERIVATION =
  `实习类型按实习计划的类型；组织形式：同一实习计划有${CONCENTRATED_MIN}名及以上学生在同一单位的为集中实习，否则为分散实习；` +
  '实习方式：经审批通过的单位变更转入的单位为自主联系，其余由学校在实习安排中安排的为学校安排；' +
  '月度实习状态：实习安排在当月最后一天前已结束或终止的为已结束或中止，否则为实习中；例外备案为审批通过（已备案）的比例或报酬例外。';

const savedText = (saved: SettingSaved | null) => (saved ? `${saved.updatedByName ?? ''}保存于${schoolClock(new Date(saved.updatedAt)).slice(0, 16).replace('T', ' ')}` : '默认（未修改）');

/** The month's first and last days. */
function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}

/**
 * 实习上报 (contract/internship-report.ts): a program's placements in the authorities' columns and codes, for whoever
 * manages placements (the office the school's, a department its students'); the codes and province column maps the
 * office keeps as data.
 */
export default async function internshipReportRoutes(app: App) {
  const { db } = app;
  const exportAccess = { permission: REPORT_PERMISSIONS.export, scope: 'placement' } as const;
  const settingAccess = { permission: REPORT_PERMISSIONS.setting, scope: 'all' } as const;

  const scopeText = async (viewer: Viewer) => (viewer.school ? '全校' : `院系：${(await departNames(db, viewer.departIds ?? [])).join('、') || '—'}`);

  app.get(REPORT_URL.options, { config: { access: exportAccess }, schema: { response: { 200: reportOptionsAnswer } } }, async (request) => {
    const viewer = await requestViewer(request);
    const [programs, settings] = await Promise.all([programsInReach(db, viewer), readSettings(db)]);
    const result: ReportOptions = {
      programs: programs.map(({ value, label, startDate, endDate }) => ({ value, label, startDate, endDate })),
      maps: settings.columnMaps.map((m) => m.name),
    };
    return ok(result);
  });

  app.get(REPORT_URL.exportXls, { config: { access: exportAccess, fileAnswer: [EXCEL] }, schema: { querystring: reportExportSchema } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const viewer = await requestViewer(request);
    const { programId, kind, month, map: mapName = NATIONAL_MAP } = request.query;
    const inReach = (await programsInReach(db, viewer)).some((p) => p.value === programId);
    const program = inReach ? await programById(db, programId) : undefined;
    if (!program) throw notFound(REPORT_MSG.programNotFound);
    const settings = await readSettings(db);
    const map = settings.columnMaps.find((m) => m.name === mapName);
    if (!map) throw badRequest(REPORT_MSG.unknownMap(mapName));
    const columns = map[kind];

    let period: { month: string; from: string; to: string } | null = null;
    if (kind === 'monthly') {
      if (!month) throw badRequest(REPORT_MSG.month);
      const [first, last] = [program.startDate.slice(0, 7), program.endDate.slice(0, 7)];
      if (month < first || month > last) throw badRequest(REPORT_MSG.monthOutside(first, last));
      period = { month, ...monthDays(month) };
    }
    const facts = await placementFacts(db, viewer, program, period ? { between: period } : {});
    const activities = period ? await monthActivities(db, facts.map((f) => f.enrolmentId), period.from, period.to) : null;
    const rows = facts.map((f, i) => {
      const rowMonth: RowMonth | undefined = period && activities ? { month: period.month, to: period.to, activity: activities.byPlacement.get(f.enrolmentId)! } : undefined;
      return rowCells(columns, f, i + 1, settings.codes, rowMonth);
    });

    const provenance: [string, Cell][] = [
      ['报表', `${REPORT_KINDS[kind]}（实习上报）`],
      ['学校', await schoolName(db)],
      ['实习计划', program.name],
      ['实习期间', `${program.startDate} 至 ${program.endDate}`],
      ...(period ? ([['上报月份', `${monthLabel(period.month)}（${period.from} 至 ${period.to}）`]] as [string, Cell][]) : []),
      ['列映射', map.name],
      ['数据范围', await scopeText(viewer)],
      ['生成时间', `${schoolClock(new Date()).slice(0, 19).replace('T', ' ')}（北京时间）`],
      ['生成人', await personName(db, userId)],
      ['实习安排（数据行数）', rows.length],
      ['学生数', new Set(facts.map((f) => f.studentUserId)).size],
      ['实习单位数', new Set(facts.flatMap((f) => (f.unitId ? [f.unitId] : []))).size],
      ['已备案例外', facts.reduce((n, f) => n + f.exceptions.length, 0)],
      ...(activities
        ? ([
            ['签到记录', activities.sources.checkins],
            ['请假记录', activities.sources.leaves],
            ['周记', activities.sources.weekly],
            ['月报', activities.sources.monthly],
            ['走访记录', activities.sources.visits],
          ] as [string, Cell][])
        : []),
      ['编码字典', savedText(settings.saved.codes)],
      ['列映射设置', savedText(settings.saved.columnMaps)],
      ['类别推导规则', DERIVATION],
      ['数据行SHA-256', rowsHash(rows)],
      ['哈希计算方法', HASH_METHOD],
    ];
    const content = await reportWorkbook({ kind, columns, rows, codes: codeRows(columns, settings.codes), provenance });
    const title = kind === 'plan' ? `${program.name}实习计划上报（${map.name}）` : `${program.name}${period ? monthLabel(period.month) : ''}实习情况上报（${map.name}）`;
    return sendWorkbook(reply, title, content);
  });

  /** 编码字典 and 省份列映射: the school's, edited by the office. */
  app.get(REPORT_URL.settings, { config: { access: settingAccess }, schema: { response: { 200: reportSettingsAnswer } } }, async () => ok(await readSettings(db)));

  app.put(REPORT_URL.codes, { config: { access: settingAccess, logTitle: '编辑实习上报编码字典' }, schema: { body: codeSettingsSchema, response: { 200: reportSettingsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    await saveSetting(db, REPORT_SETTING_KEYS.codes, request.body.codes, userId);
    return ok(await readSettings(db), REPORT_MSG.codesSaved);
  });

  app.put(REPORT_URL.columnMaps, { config: { access: settingAccess, logTitle: '编辑实习上报列映射' }, schema: { body: columnMapsSchema, response: { 200: reportSettingsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    await saveSetting(db, REPORT_SETTING_KEYS.columnMaps, request.body.maps, userId);
    return ok(await readSettings(db), REPORT_MSG.mapsSaved);
  });
}
