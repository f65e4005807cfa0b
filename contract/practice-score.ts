import * as z from 'zod/mini';
import type { GradeCount } from './documents.ts';
import { parseScoreText, roundScore, scoreRuleProblem, type ScoreRule } from './score-rule.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 成绩录入 (DOMAIN.md "Practice teaching"): a score sheet (成绩单) per course, class and term, owned by
 * the teacher who created it, with one cell per student of the class who is 在读 on the day the sheet is
 * made. The draft is saved as typed; 提交 (every cell a score or a mark) locks it, and only the
 * administrator reopens it (with a reason, logged). The cell rule follows the course's 成绩类型: 百分制
 * (0–100, at most one decimal) or 五级制 (优/良/中/及格/不及格); in either a cell may carry a mark instead:
 * 缺考, 缓考 or 免修, counted in the sheet's summary and exported as written.
 */

export const PRACTICE_SCORE_PATH = '/practice/score';
export const PRACTICE_SCORE_URL = {
  list: '/practice/score/list',
  create: '/practice/score',
  courses: '/practice/score/courses',
  classes: '/practice/score/classes',
  one: (id: string) => `/practice/score/${id}`,
  cells: (id: string) => `/practice/score/${id}/cells`,
  submit: (id: string) => `/practice/score/${id}/submit`,
  reopen: (id: string) => `/practice/score/${id}/reopen`,
  exportXls: (id: string) => `/practice/score/${id}/exportXls`,
  /** 成绩登记表 (?format=pdf or xlsx). */
  register: (id: string) => `/practice/score/${id}/register`,
} as const;

/** Entering one's own sheets (teachers, the office, admin); reading everyone's (the office, admin); reopening a submitted one (admin). */
export const PRACTICE_SCORE_PERMISSIONS = {
  input: 'practice:score:input',
  all: 'practice:score:all',
  reopen: 'practice:score:reopen',
} as const;

export const SCORE_MODES = [
  { value: 'percent', label: '百分制' },
  { value: 'grade', label: '五级制' },
] as const;
export type ScoreMode = (typeof SCORE_MODES)[number]['value'];
export const DEFAULT_SCORE_MODE: ScoreMode = 'percent';
export const scoreModeLabel = (mode: string) => SCORE_MODES.find((m) => m.value === mode)?.label ?? mode;

export const GRADE_LEVELS = ['优', '良', '中', '及格', '不及格'] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

/** What a cell carries instead of a score when the student sat no exam (缺考), sits it later (缓考) or is exempt (免修). */
export const SCORE_MARKS = ['缺考', '缓考', '免修'] as const;
export type ScoreMark = (typeof SCORE_MARKS)[number];
export const isScoreMark = (value: string): value is ScoreMark => (SCORE_MARKS as readonly string[]).includes(value);

export const SHEET_STATUSES = [
  { value: 'draft', label: '草稿' },
  { value: 'submitted', label: '已提交' },
] as const;
export type SheetStatus = (typeof SHEET_STATUSES)[number]['value'];
export const sheetStatusLabel = (status: string) => SHEET_STATUSES.find((s) => s.value === status)?.label ?? status;

/** How many cells one save carries at most (a class is well under it). */
export const MAX_CELLS_PER_SAVE = 500;

export const PRACTICE_SCORE_MSG = {
  cellTooLong: '成绩不能超过20个字符',
  gradeRule: '成绩应为优、良、中、及格或不及格，或标记缺考、缓考、免修',
  percentOrMark: '成绩应为0到100的数字，或标记缺考、缓考、免修',
  courseRequired: '请选择课程',
  classRequired: '请选择班级',
  termRequired: '请选择学期',
  termFormat: '学期格式如 2026-2027-1',
  reasonRequired: '请填写重新开放的原因',
  reasonTooLong: '原因不能超过200字',
  cellsRequired: '没有要保存的成绩',
  tooManyCells: `一次最多保存${MAX_CELLS_PER_SAVE}个成绩`,
  notFound: '成绩单不存在或无权查看',
  courseNotFound: '课程不存在',
  classNotFound: '班级不存在',
  classEmpty: '该班级没有在读学生，不能新建成绩单',
  created: (left: number) => (left > 0 ? `成绩单已创建，${left}名非在读学生（休学、毕业等）未列入` : '成绩单已创建'),
  exists: (course: string, className: string, term: string) => `${term} ${className}《${course}》的成绩单已存在`,
  notOwner: '只有录入教师本人可以修改成绩单',
  locked: '成绩单已提交（已锁定），不能修改',
  notLocked: '成绩单尚未提交，无需重新开放',
  invalidCells: (n: number, cells: string) => `有${n}个成绩不符合规则，未保存：${cells}`,
  unknownStudents: '有学生不在这张成绩单上',
  emptyCells: (n: number) => `还有${n}名学生未录入成绩，不能提交；缺考、缓考或免修的学生请录入相应标记`,
  badCells: (n: number) => `有${n}个成绩不符合规则，不能提交`,
  submitted: '成绩单已提交',
  reopened: '成绩单已重新开放',
} as const;

const FULL_WIDTH = /[０-９．]/g;
/** A cell as typed, made plain: full-width digits and point (a Chinese input method) become ASCII; spaces around go. */
export function plainCell(value: string): string {
  return value.replace(FULL_WIDTH, (c) => (c === '．' ? '.' : String.fromCharCode(c.charCodeAt(0) - 0xfee0))).trim();
}

/** A 百分制 cell: the one score rule of every score field. */
export const PERCENT_RULE: ScoreRule = { label: '成绩', min: 0, max: 100, places: 1 };

/** What is wrong with a cell under the course's mode, or null when it is right. An empty cell is not wrong (a draft may have gaps); a mark is right in either mode. */
export function cellProblem(value: string | null | undefined, mode: ScoreMode | string): string | null {
  const plain = plainCell(value ?? '');
  if (plain === '' || isScoreMark(plain)) return null;
  if (mode === 'grade') return (GRADE_LEVELS as readonly string[]).includes(plain) ? null : PRACTICE_SCORE_MSG.gradeRule;
  const read = parseScoreText(plain, PERCENT_RULE);
  return read.problem ? PRACTICE_SCORE_MSG.percentOrMark : scoreRuleProblem(read.value!, PERCENT_RULE);
}

/** The value kept for a right cell: plain, a number without leading zeros or a trailing .0 ('085.0' → '85'); empty is null. */
export function storedCell(value: string | null | undefined, mode: ScoreMode | string): string | null {
  const plain = plainCell(value ?? '');
  if (plain === '') return null;
  if (mode !== 'grade' && !isScoreMark(plain) && cellProblem(plain, mode) === null) return String(Number(plain));
  return plain;
}

/**
 * A block pasted from Excel or WPS: rows end with \n or \r\n (a lone \r too), cells split by \t. The
 * first column of each row, trimmed; the empty line a spreadsheet puts after the last row is dropped.
 */
export function parsePastedColumn(text: string): string[] {
  const rows = text.split(/\r\n|\n|\r/);
  if (rows.length > 1 && rows[rows.length - 1]!.trim() === '') rows.pop();
  return rows.map((row) => plainCell(row.split('\t')[0] ?? ''));
}

/** 学年-学期: '2026-2027-1' (first term) or '2026-2027-2', the second year the next of the first. */
export function isTerm(value: string): boolean {
  const match = /^(\d{4})-(\d{4})-([12])$/.exec(value);
  return Boolean(match && Number(match[2]) === Number(match[1]) + 1);
}
export const termLabel = (term: string) => {
  const match = /^(\d{4})-(\d{4})-([12])$/.exec(term);
  return match ? `${match[1]}-${match[2]}学年 第${match[3] === '1' ? '一' : '二'}学期` : term;
};

/** The term a date falls in: August to January the first, February to July the second. */
export function termOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month >= 8) return `${year}-${year + 1}-1`;
  if (month === 1) return `${year - 1}-${year}-1`;
  return `${year - 1}-${year}-2`;
}

/** The terms a picker offers around a date's: the previous two, that one and the next. */
export function termChoices(date: string): string[] {
  const current = termOf(date);
  const [start, , half] = current.split('-').map(Number) as [number, number, number];
  const ordinal = start * 2 + half - 1;
  return [ordinal + 1, ordinal, ordinal - 1, ordinal - 2].map((n) => {
    const year = Math.floor(n / 2);
    return `${year}-${year + 1}-${(n % 2) + 1}`;
  });
}

const idText = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(64, message));

export const sheetCreateSchema = z.object({
  courseId: idText(PRACTICE_SCORE_MSG.courseRequired),
  classId: idText(PRACTICE_SCORE_MSG.classRequired),
  term: z.string({ error: PRACTICE_SCORE_MSG.termRequired }).check(z.minLength(1, PRACTICE_SCORE_MSG.termRequired), z.refine(isTerm, PRACTICE_SCORE_MSG.termFormat)),
});
export type SheetCreateInput = z.infer<typeof sheetCreateSchema>;

export const cellInputSchema = z.object({
  studentId: z.string().check(z.minLength(1), z.maxLength(64)),
  value: z.nullable(z.string().check(z.maxLength(20, PRACTICE_SCORE_MSG.cellTooLong))),
});
export type CellInput = z.infer<typeof cellInputSchema>;
export const cellsSaveSchema = z.object({
  cells: z.array(cellInputSchema).check(z.minLength(1, PRACTICE_SCORE_MSG.cellsRequired), z.maxLength(MAX_CELLS_PER_SAVE, PRACTICE_SCORE_MSG.tooManyCells)),
});
export type CellsSaveInput = z.infer<typeof cellsSaveSchema>;

export const sheetReopenSchema = z.object({
  reason: z.string({ error: PRACTICE_SCORE_MSG.reasonRequired }).check(z.trim(), z.minLength(1, PRACTICE_SCORE_MSG.reasonRequired), z.maxLength(200, PRACTICE_SCORE_MSG.reasonTooLong)),
});
export type SheetReopenInput = z.infer<typeof sheetReopenSchema>;

export const sheetIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export interface SheetRow {
  id: string;
  courseId: string;
  courseName: string;
  courseCode: string;
  classId: string;
  className: string;
  term: string;
  scoreMode: ScoreMode;
  status: SheetStatus;
  teacherName: string;
  /** The caller's own sheet (the one they enter). */
  mine: boolean;
  studentCount: number;
  filledCount: number;
  updatedAt: string;
  submittedAt: string | null;
}

export interface SheetStudent {
  studentId: string;
  studentNo: string;
  name: string;
  value: string | null;
}

export interface SheetLogEntry {
  action: 'submit' | 'reopen';
  actorName: string;
  at: string;
  reason: string | null;
}

/** A sheet's figures: scores, each mark and blanks counted apart; the average and 不及格 of the scores only. */
export interface SheetSummary {
  students: number;
  /** Cells with a score (a number or a level). */
  scored: number;
  marks: Record<ScoreMark, number>;
  empty: number;
  /** 百分制: the scores' mean to one decimal; null in 五级制 or before the first score. */
  average: number | null;
  /** Scores below 60 or 不及格. */
  failed: number;
}

/** The summary of cells as saved or as typed (a cell that breaks the rule counts as empty, as the draft saves it). */
export function sheetSummary(values: readonly (string | null | undefined)[], mode: ScoreMode | string): SheetSummary {
  const marks = Object.fromEntries(SCORE_MARKS.map((m) => [m, 0])) as Record<ScoreMark, number>;
  const numbers: number[] = [];
  let scored = 0;
  let failed = 0;
  for (const value of values) {
    const plain = plainCell(value ?? '');
    if (plain === '' || cellProblem(plain, mode) !== null) continue;
    if (isScoreMark(plain)) {
      marks[plain] += 1;
      continue;
    }
    scored += 1;
    if (mode === 'grade') {
      if (plain === '不及格') failed += 1;
    } else {
      numbers.push(Number(plain));
      if (Number(plain) < 60) failed += 1;
    }
  }
  const marked = SCORE_MARKS.reduce((n, m) => n + marks[m], 0);
  const average = numbers.length > 0 ? roundScore(numbers.reduce((a, n) => a + n, 0) / numbers.length, 1) : null;
  return { students: values.length, scored, marks, empty: values.length - scored - marked, average, failed };
}

/** The five bands a 成绩登记表 counts, percent scores by their lower bound and five-level grades by name, in order. */
const REGISTER_BANDS = [
  { label: '优秀（90–100）', min: 90, level: '优' },
  { label: '良好（80–89）', min: 80, level: '良' },
  { label: '中等（70–79）', min: 70, level: '中' },
  { label: '及格（60–69）', min: 60, level: '及格' },
  { label: '不及格（60以下）', min: -Infinity, level: '不及格' },
] as const;

/**
 * The count per grade a 成绩登记表 prints (the sheet's 成绩录入 and a program's 实习成绩 alike): the bands, each
 * mark (缺考, 缓考, 免修) and what is still blank, named `blank` (未录入, or 待评 for a total still waiting).
 */
export function registerCounts(values: readonly (string | null | undefined)[], mode: ScoreMode | string, blank = '未录入'): GradeCount[] {
  const bands = REGISTER_BANDS.map(() => 0);
  const marks = Object.fromEntries(SCORE_MARKS.map((m) => [m, 0])) as Record<ScoreMark, number>;
  let empty = 0;
  for (const value of values) {
    const plain = plainCell(value ?? '');
    if (plain === '' || cellProblem(plain, mode) !== null) empty += 1;
    else if (isScoreMark(plain)) marks[plain] += 1;
    else bands[REGISTER_BANDS.findIndex((b) => (mode === 'grade' ? b.level === plain : Number(plain) >= b.min))]! += 1;
  }
  return [...REGISTER_BANDS.map((b, i) => ({ label: mode === 'grade' ? b.level : b.label, n: bands[i]! })), ...SCORE_MARKS.map((m) => ({ label: m, n: marks[m] })), { label: blank, n: empty }];
}

/** The summary in one line, as the sheet, the phone and the export show it. */
export function sheetSummaryText(summary: SheetSummary): string {
  const parts = [`共${summary.students}人`, `已录入成绩${summary.scored}人`, ...SCORE_MARKS.map((m) => `${m}${summary.marks[m]}人`), `未录入${summary.empty}人`];
  if (summary.average !== null) parts.push(`平均分${summary.average}`);
  parts.push(`不及格${summary.failed}人`);
  return parts.join('，');
}

export interface SheetDetail extends SheetRow {
  /** Whether the caller may change the cells (their own sheet, in draft). */
  editable: boolean;
  students: SheetStudent[];
  summary: SheetSummary;
  log: SheetLogEntry[];
}

/** A picker's row (course or class): searched by name, a page at a time. */
export interface ScorePickRow {
  id: string;
  name: string;
  code: string;
  scoreMode?: ScoreMode;
}

export const PRACTICE_SCORE_PAGE = {
  id: 'menu-practice-score',
  parent: 'menu-practice',
  name: '成绩录入',
  path: '/practice/score',
  component: 'practice/Scores',
  icon: 'edit',
  order: 4,
  roles: ['admin', 'internshipOffice', 'teacher'],
  rules: [
    { code: PRACTICE_SCORE_PERMISSIONS.input, name: '录入成绩' },
    { code: PRACTICE_SCORE_PERMISSIONS.all, name: '查看全部成绩单', roles: ['admin', 'internshipOffice'] },
    { code: PRACTICE_SCORE_PERMISSIONS.reopen, name: '重新开放成绩单', roles: ['admin'] },
  ],
} as const satisfies MenuDeclaration;
