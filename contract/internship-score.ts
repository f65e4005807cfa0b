import * as z from 'zod/mini';
import type { RelationAccess } from './relations.ts';
import { isUuid, type ScorePrecision } from './internship.ts';
import type { RefTarget, ResourceDescription } from './resource.ts';
import { readScore, roundScore, scoreRuleSchema, type ScoreRule } from './score-rule.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 实习成绩 (issue 12): the enterprise mentor's evaluation, the adviser's score, the 周记 and report
 * components, and the total and grade computed from the program's weights.
 *
 * A component with weight 0 does not count. A weighted component that is missing (no evaluation yet, no
 * reviewed 周记, no report until reports exist) makes the total wait: it is shown 待评 with what is missing,
 * and the office may publish only complete totals. Published, a score is locked: every change is refused
 * until the office reopens it, with a reason; each change is logged with what it replaced.
 */

/** Who reads a placement's score by relation (the student reads their own once it is published); the adviser and the mentor score it. */
export const SCORE_ACCESS: RelationAccess = { read: ['adviser', 'mentor', 'headTeacher', 'department', 'office', 'admin'], review: ['adviser', 'mentor'] };

export const SCORE_PERMISSIONS = {
  list: 'internship:score:list',
  evaluate: 'internship:score:evaluate',
  adviser: 'internship:score:adviser',
  publish: 'internship:score:publish',
  export: 'internship:score:export',
  /** 实习鉴定表 as PDF: one student or many (a class) in one file. */
  print: 'internship:score:print',
  /** 学生档案 (一生一档): a student's or a class's zip of every record, file, the 鉴定表 and the agreements (contract/archive.ts). */
  archive: 'internship:score:archive',
} as const;

/** GET: the 实习鉴定表 of the chosen placements (ids), or of every one the list's search matches; at most APPRAISAL_MAX. */
export const APPRAISAL_URL = '/internship/score/appraisal';
/** GET ?programId&classId&format: the 成绩登记表 of a program's 实习成绩 for one class (PDF or .xlsx). */
export const SCORE_REGISTER_URL = '/internship/score/register';
export const APPRAISAL_MAX = 200;

// ---- the mentor's evaluation -------------------------------------------------------------------

/** Five items of 0–20 points each, so the evaluation is a score of 0–100. */
export const MENTOR_ITEM_MAX = 20;
export const MENTOR_ITEMS = [
  { key: 'professionalism', label: '职业素养' },
  { key: 'attitude', label: '工作态度' },
  { key: 'skill', label: '专业技能' },
  { key: 'teamwork', label: '团队协作' },
  { key: 'discipline', label: '遵章守纪' },
] as const;
export type MentorItemKey = (typeof MENTOR_ITEMS)[number]['key'];
export const MENTOR_ITEM_COMMENT_MAX = 200;
export const SCORE_COMMENT_MAX = 1000;
export const SCORE_REASON_MAX = 200;

export const SCORE_MSG = {
  notFound: '实习成绩不存在或无权查看',
  idFormat: '实习安排编号格式有误',
  itemRequired: (label: string) => `请填写“${label}”的得分`,
  itemCommentTooLong: (label: string) => `“${label}”的评语不能超过${MENTOR_ITEM_COMMENT_MAX}字`,
  commentTooLong: `评语不能超过${SCORE_COMMENT_MAX}字`,
  adviserScoreRequired: '请填写指导教师评分',
  published: '成绩已发布，不能修改；如需修改，请联系实习办重新开放',
  notPublished: '该成绩尚未发布，无需重新开放',
  reasonRequired: '请填写重新开放的原因',
  reasonTooLong: `原因不能超过${SCORE_REASON_MAX}字`,
  publishNone: '请选择要发布的成绩',
  publishTooMany: '一次最多发布500条成绩',
  incomplete: (student: string, missing: readonly string[]) => `${student}的成绩还缺少${missing.join('、')}，不能发布`,
  alreadyPublished: (student: string) => `${student}的成绩已发布`,
  appraisalNone: '没有可打印鉴定表的学生',
  registerClass: '请选择一个实习计划和一个班级，再打印成绩登记表',
  registerNone: '该班级在此实习计划中没有您可查看的成绩',
  appraisalTooMany: `一次最多打印${APPRAISAL_MAX}名学生的鉴定表，请按班级打印`,
} as const;

/** A mentor's item: whole points of 0–20, named in every refusal. */
export const mentorItemRule = (label: string): ScoreRule => ({ label: `“${label}”的得分`, min: 0, max: MENTOR_ITEM_MAX, places: 0 });

/** The adviser's score: 0–100 with the program's precision (its blank asks 请填写指导教师评分, SCORE_MSG.adviserScoreRequired). */
export const adviserScoreRule = (precision: ScorePrecision): ScoreRule => ({ label: '指导教师评分', min: 0, max: 100, places: precision });

const itemSchema = (label: string) =>
  z.object({
    score: scoreRuleSchema(mentorItemRule(label), SCORE_MSG.itemRequired(label)),
    comment: z.optional(z.nullable(z.string().check(z.maxLength(MENTOR_ITEM_COMMENT_MAX, SCORE_MSG.itemCommentTooLong(label))))),
  }, { error: SCORE_MSG.itemRequired(label) });
type ItemSchema = ReturnType<typeof itemSchema>;
const itemsShape = Object.fromEntries(MENTOR_ITEMS.map((item) => [item.key, itemSchema(item.label)])) as Record<MentorItemKey, ItemSchema>;

const commentField = z.optional(z.nullable(z.string().check(z.maxLength(SCORE_COMMENT_MAX, SCORE_MSG.commentTooLong))));

/** PUT /internship/score/{enrolmentId}/mentor: every item scored, comments optional. */
export const mentorEvaluationSchema = z.object({
  items: z.object(itemsShape, { error: SCORE_MSG.itemRequired(MENTOR_ITEMS[0].label) }),
  comment: commentField,
});
export type MentorEvaluationInput = z.infer<typeof mentorEvaluationSchema>;
export type MentorItems = MentorEvaluationInput['items'];

/** The evaluation's score: the items' sum. */
export const mentorScoreOf = (items: MentorItems): number => MENTOR_ITEMS.reduce((sum, item) => sum + items[item.key].score, 0);

/** PUT /internship/score/{enrolmentId}/adviser: 0–100 with the program's precision (checked by the server after the schema, with adviserScoreRule). */
export const adviserScoreSchema = z.object({
  score: scoreRuleSchema(adviserScoreRule(1), SCORE_MSG.adviserScoreRequired),
  comment: commentField,
});
export type AdviserScoreInput = z.infer<typeof adviserScoreSchema>;

/** The adviser's score as typed, by the one score rule (never rounded or clamped). */
export const checkAdviserScore = (text: string | number | null | undefined, precision: ScorePrecision) => readScore(text, adviserScoreRule(precision));

/** POST /internship/score/publish. */
export const publishSchema = z.object({
  ids: z.array(z.string().check(z.refine(isUuid, SCORE_MSG.idFormat))).check(z.minLength(1, SCORE_MSG.publishNone), z.maxLength(500, SCORE_MSG.publishTooMany)),
});

/** POST /internship/score/{enrolmentId}/reopen. */
export const reopenSchema = z.object({
  reason: z.string({ error: SCORE_MSG.reasonRequired }).check(z.trim(), z.minLength(1, SCORE_MSG.reasonRequired), z.maxLength(SCORE_REASON_MAX, SCORE_MSG.reasonTooLong)),
});

export const scoreIdParams = z.object({ enrolmentId: z.string({ error: SCORE_MSG.idFormat }).check(z.refine(isUuid, SCORE_MSG.idFormat)) });

// ---- total and grade ---------------------------------------------------------------------------

export const SCORE_COMPONENTS = ['mentor', 'adviser', 'summary', 'report'] as const;
export type ScoreComponent = (typeof SCORE_COMPONENTS)[number];
export const SCORE_COMPONENT_LABELS: Record<ScoreComponent, string> = {
  mentor: '企业导师评价',
  adviser: '指导教师评分',
  summary: '周记成绩',
  report: '实习报告成绩',
};

/** Each component's score (0–100), null while it is missing. */
export type ScoreComponents = Record<ScoreComponent, number | null>;
/** The program's weights in percent; they add up to 100. */
export type ScoreWeights = Record<ScoreComponent, number>;

export const GRADES = ['优秀', '良好', '中等', '及格', '不及格'] as const;
export type Grade = (typeof GRADES)[number];

/** 优秀 ≥ 90, 良好 ≥ 80, 中等 ≥ 70, 及格 ≥ 60, 不及格 below. */
export function gradeOf(total: number): Grade {
  if (total >= 90) return '优秀';
  if (total >= 80) return '良好';
  if (total >= 70) return '中等';
  if (total >= 60) return '及格';
  return '不及格';
}

/** The summary component: the average of the reviewed 周记 scores, to the program's precision; null with none reviewed. */
export function summaryScoreOf(reviewedScores: readonly number[], precision: ScorePrecision): number | null {
  if (reviewedScores.length === 0) return null;
  return roundScore(reviewedScores.reduce((sum, s) => sum + s, 0) / reviewedScores.length, precision);
}

export interface ComputedScore {
  /** Σ weight × score / 100 to the program's precision (whole points or tenths); null while a weighted component is missing. */
  total: number | null;
  grade: Grade | null;
  /** The weighted components still missing, in order. */
  missing: ScoreComponent[];
}

/** The total and grade from the components, the program's weights and precision (the one place they are computed). */
export function computeScore(components: ScoreComponents, weights: ScoreWeights, precision: ScorePrecision): ComputedScore {
  const missing = SCORE_COMPONENTS.filter((c) => weights[c] > 0 && components[c] === null);
  if (missing.length > 0) return { total: null, grade: null, missing };
  const total = roundScore(SCORE_COMPONENTS.reduce((sum, c) => sum + (weights[c] > 0 ? weights[c] * components[c]! : 0), 0) / 100, precision);
  return { total, grade: gradeOf(total), missing };
}

/** pending 待评 (a weighted component missing), ready 待发布, published 已发布. */
export const SCORE_STATUSES = ['pending', 'ready', 'published'] as const;
export type ScoreStatus = (typeof SCORE_STATUSES)[number];
export const SCORE_STATUS_LABELS: Record<ScoreStatus, string> = { pending: '待评', ready: '待发布', published: '已发布' };

// ---- answers -----------------------------------------------------------------------------------

/** One row of GET /internship/score/list: a placement's score (the id is the placement's). */
export interface ScoreRow {
  id: string;
  studentName: string;
  studentNo: string | null;
  programId: string;
  programId_dictText: string;
  classId: string | null;
  classId_dictText: string | null;
  departName: string | null;
  unitName: string | null;
  mentorName: string | null;
  adviserName: string | null;
  mentorScore: number | null;
  adviserScore: number | null;
  summaryScore: number | null;
  reportScore: number | null;
  total: number | null;
  grade: Grade | null;
  status: ScoreStatus;
  /** Labels of the weighted components still missing. */
  missing: string[];
  publishedAt: string | null;
  /** The caller is this student's mentor and may evaluate (while unpublished). */
  canEvaluate: boolean;
  /** The caller is this student's adviser and may score (while unpublished). */
  canScore: boolean;
}

export type ScoreLogAction = 'evaluate' | 'score' | 'publish' | 'reopen';
export const SCORE_LOG_ACTION_LABELS: Record<ScoreLogAction, string> = { evaluate: '企业导师评价', score: '指导教师评分', publish: '发布', reopen: '重新开放' };

/** What a log entry records: the values before and after (evaluate, score), or the published total. */
export interface ScoreLogDetail {
  previous?: { score: number | null; comment: string | null } | null;
  next?: { score: number | null; comment: string | null };
  total?: number | null;
  grade?: Grade | null;
}

export interface ScoreLogEntry {
  id: string;
  action: ScoreLogAction;
  detail: ScoreLogDetail | null;
  reason: string | null;
  actorName: string | null;
  createdAt: string;
}

/** One line of the log as the screens show it: 企业导师评价 85（原 80）. */
export function scoreLogText(entry: ScoreLogEntry): string {
  const { detail } = entry;
  const label = SCORE_LOG_ACTION_LABELS[entry.action];
  if (entry.action === 'evaluate' || entry.action === 'score') {
    const was = detail?.previous?.score;
    return `${label} ${detail?.next?.score ?? '—'}${was === null || was === undefined ? '' : `（原 ${was}）`}`;
  }
  if (entry.action === 'publish') return `${label}：总评 ${detail?.total ?? '—'}，${detail?.grade ?? '—'}`;
  return `${label}：${entry.reason ?? ''}`;
}

/** GET /internship/score/{enrolmentId}. */
export interface ScoreDetail extends ScoreRow {
  weights: ScoreWeights;
  scorePrecision: ScorePrecision;
  mentorItems: MentorItems | null;
  mentorComment: string | null;
  mentorAt: string | null;
  adviserComment: string | null;
  adviserAt: string | null;
  publishedByName: string | null;
  /** Oldest first; empty for the student. */
  log: ScoreLogEntry[];
}

// ---- the list as a resource (the desktop table, the phone list, the Excel export) ---------------

/** The pickers offer only programs and classes of the scores the caller sees. */
export const SCORE_PROGRAM_REF: RefTarget = { key: 'score-program', title: '实习计划', list: '/internship/score/programs', labelField: 'name', searchField: 'name' };
export const SCORE_CLASS_REF: RefTarget = { key: 'score-class', title: '班级', list: '/internship/score/classes', labelField: 'name', searchField: 'name' };

const statusOptions = SCORE_STATUSES.map((s) => ({ value: s, label: SCORE_STATUS_LABELS[s] }));
const gradeOptions = GRADES.map((g) => ({ value: g, label: g }));

export const SCORE_RESOURCE: ResourceDescription = {
  key: 'internship-score',
  title: '实习成绩',
  api: { base: '/internship/score' },
  permissions: { list: SCORE_PERMISSIONS.list, export: SCORE_PERMISSIONS.export },
  fields: [
    { name: 'studentName', label: '学生', kind: 'text', list: { width: 100 }, search: true, excel: true },
    { name: 'studentNo', label: '学号', kind: 'text', list: { width: 120, priority: 'key' }, search: 'prefix', excel: true },
    { name: 'classId', label: '班级', kind: 'ref', ref: SCORE_CLASS_REF, list: { width: 170, priority: 2 }, search: true, excel: true },
    { name: 'departName', label: '院系', kind: 'text', list: { width: 150 }, excel: true },
    { name: 'programId', label: '实习计划', kind: 'ref', ref: SCORE_PROGRAM_REF, list: { width: 150 }, search: true, excel: true },
    { name: 'mentorName', label: '企业导师', kind: 'text', list: { width: 90 }, excel: true },
    { name: 'adviserName', label: '指导教师', kind: 'text', list: { width: 90 }, excel: true },
    { name: 'mentorScore', label: '导师评价', kind: 'number', list: { width: 90 }, excel: true },
    { name: 'adviserScore', label: '教师评分', kind: 'number', list: { width: 90 }, excel: true },
    { name: 'summaryScore', label: '周记成绩', kind: 'number', list: { width: 90 }, excel: true },
    { name: 'reportScore', label: '报告成绩', kind: 'number', list: { width: 90 }, excel: true },
    { name: 'total', label: '总评', kind: 'number', list: { width: 80, priority: 'key' }, excel: true },
    { name: 'grade', label: '等级', kind: 'select', options: gradeOptions, list: { width: 80, priority: 3 }, excel: true },
    { name: 'status', label: '状态', kind: 'select', options: statusOptions, list: { width: 90 }, search: true, excel: true },
  ],
  createSchema: z.object({}),
  editSchema: z.object({}),
  titleField: 'studentName',
  subtitleFields: ['programId', 'status'],
};

export const SCORE_PAGE = {
  id: 'menu-internship-score',
  parent: 'menu-internship',
  name: '实习成绩',
  path: '/internship/score',
  component: 'internship/ScoreList',
  icon: 'trophy',
  order: 13,
  roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher', 'mentor', 'student'],
  rules: [
    { code: SCORE_PERMISSIONS.list, name: '查看实习成绩' },
    { code: SCORE_PERMISSIONS.evaluate, name: '企业导师评价', roles: ['admin', 'internshipOffice', 'mentor'] },
    { code: SCORE_PERMISSIONS.adviser, name: '指导教师评分', roles: ['admin', 'internshipOffice', 'teacher'] },
    { code: SCORE_PERMISSIONS.publish, name: '发布与重新开放成绩', roles: ['admin', 'internshipOffice'] },
    { code: SCORE_PERMISSIONS.export, name: '导出实习成绩', roles: ['admin', 'internshipOffice', 'departAdmin'] },
    { code: SCORE_PERMISSIONS.print, name: '打印实习鉴定表', roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher'] },
    { code: SCORE_PERMISSIONS.archive, name: '生成学生档案', roles: ['admin', 'internshipOffice', 'departAdmin', 'teacher'] },
  ],
} as const satisfies MenuDeclaration;
