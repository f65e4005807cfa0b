import type { EnrolmentStatus, ProgramType, WeeklyStatus } from './internship.ts';
import { newestFirst } from './order.ts';
import { recordSlots } from './records.ts';
import { MONITOR_SERVER_PERMISSION, VISIT_STATS_PERMISSION } from './log.ts';
import { EVERYONE, type MenuDeclaration } from './menu-declaration.ts';

/**
 * 我的实习概况 on each person's home (工作台): their own work. A student sees their placements, an
 * adviser the students they advise, a mentor the students placed with them. The login statistics
 * (分析页, 监控页) are for staff holding VISIT_STATS_PERMISSION (contract/log.ts).
 */

/** One placement (an enrolment) and how its weekly summaries stand. */
export interface PlacementFigures {
  enrolmentId: string;
  studentName: string;
  studentNo: string | null;
  programName: string;
  programType: ProgramType;
  status: EnrolmentStatus;
  unitName: string | null;
  post: string | null;
  adviserName: string | null;
  mentorName: string | null;
  startDate: string;
  endDate: string;
  /** Calendar weeks (Monday to Sunday) from the week of the start to the week of the end. */
  totalWeeks: number;
  /** 第N周 today while the placement runs, else null. */
  currentWeek: number | null;
  /** Weeks that have not begun yet. */
  weeksLeft: number;
  /** The program's minimum number of summaries. */
  requiredCount: number;
  /** Summaries handed in: waiting for review, reviewed or returned. */
  written: number;
  /** Handed in and waiting for the adviser. */
  waiting: number;
  reviewed: number;
  /** Returned by the adviser, waiting for the student's new version. */
  returned: number;
  /** Weeks already over with nothing handed in. */
  missed: number;
  /** Mean of the reviewed summaries' scores, one decimal; null before the first score. */
  averageScore: number | null;
  /** The score of the newest reviewed week. */
  latestScore: number | null;
  /** When the oldest summary still waiting for review was handed in (ISO time). */
  oldestWaitingAt: string | null;
}

/** GET /dashboard/mine: the caller's placements in each part they play, the running ones first. */
export interface MyDashboard {
  /** As a student. */
  mine: PlacementFigures[];
  /** As the school adviser (指导教师). */
  advised: PlacementFigures[];
  /** As the enterprise mentor (企业导师). */
  mentored: PlacementFigures[];
}

export interface WeekState {
  weekStart: string;
  status: WeeklyStatus;
  score: number | null;
  submittedAt: string | null;
}

type Counted = Pick<PlacementFigures, 'totalWeeks' | 'currentWeek' | 'weeksLeft' | 'written' | 'waiting' | 'reviewed' | 'returned' | 'missed' | 'averageScore' | 'latestScore' | 'oldestWaitingAt'>;

/** How the weeks of one placement stand on a given day (YYYY-MM-DD on the school's clock); drafts count as nothing handed in. */
export function countWeeks(placement: { startDate: string; endDate: string; status: EnrolmentStatus }, summaries: readonly WeekState[], today: string): Counted {
  const { startDate, endDate, status } = placement;
  const totalWeeks = recordSlots('week', startDate, endDate, endDate).length;
  const begun = status === 'pending' ? [] : recordSlots('week', startDate, endDate, today);
  const running = status === 'active' && startDate <= today && today <= endDate;
  const handedIn = summaries.filter((s) => s.status !== 'draft');
  const handedInWeeks = new Set(handedIn.map((s) => s.weekStart));
  const scored = handedIn.filter((s) => s.status === 'reviewed' && s.score !== null).sort((a, b) => newestFirst(a.weekStart, b.weekStart));
  const waiting = handedIn.filter((s) => s.status === 'submitted');
  const oldestWaitingAt = waiting.map((s) => s.submittedAt).filter((at): at is string => at !== null).sort()[0] ?? null;
  const sum = scored.reduce((total, s) => total + (s.score ?? 0), 0);
  return {
    totalWeeks,
    currentWeek: running ? (begun[0]?.periodNo ?? null) : null,
    weeksLeft: status === 'ended' || status === 'terminated' ? 0 : totalWeeks - begun.length,
    written: handedIn.length,
    waiting: waiting.length,
    reviewed: handedIn.filter((s) => s.status === 'reviewed').length,
    returned: handedIn.filter((s) => s.status === 'returned').length,
    missed: begun.filter((week) => week.periodEnd < today && !handedInWeeks.has(week.periodStart)).length,
    averageScore: scored.length ? Math.round((sum / scored.length) * 10) / 10 : null,
    latestScore: scored[0]?.score ?? null,
    oldestWaitingAt,
  };
}

/** GET /dashboard/todo: the work waiting for the caller, each count with the list it stands for. */
export const TODO_URL = '/dashboard/todo';

/**
 * review: a reviewed kind's 已提交 records the caller reviews (by the kind's access.review relations);
 * approval: the caller's open workflow tasks of a process; evaluate: the mentor's placements without their
 * evaluation; recent: records the mentor's students filed in the last RECENT_DAYS days; unplaced: placements
 * of a running program without a unit; warning: open 实习预警 of a kind. The last two for whoever answers for
 * many placements (a department, the office, the administrator).
 */
export type TodoKind = 'review' | 'approval' | 'evaluate' | 'recent' | 'unplaced' | 'warning';

/** Days back the mentor's 新提交 counts look (records are not marked read by anyone, so this is the window). */
export const RECENT_DAYS = 7;

export interface TodoCount {
  /** Stable within the answer: review:monthly, approval:leave, evaluate, recent:weekly, unplaced:<programId>, warning:no_unit. */
  key: string;
  kind: TodoKind;
  /** What waits, in Chinese (待批阅月报, 待审批请假, 未落实单位（2026届岗位实习）). */
  label: string;
  count: number;
  /** The measure word after the count (篇, 份, 项, 人, 条). */
  unit: string;
  /** The app's list behind the count, filtered by its own query keys where it reads them. */
  path: string;
}

/** Only the counts above zero, in the order review, approval, evaluate, recent, unplaced, warning. */
export interface MyTodo {
  items: TodoCount[];
}

export const WORKPLACE_PAGE = {
  id: 'menu-dashboard-workplace',
  parent: 'menu-dashboard',
  name: '工作台',
  path: '/dashboard/workplace',
  component: 'dashboard/Workplace',
  icon: 'desktop',
  order: 1,
  roles: EVERYONE,
} as const satisfies MenuDeclaration;

export const ANALYSIS_PAGE = {
  id: 'menu-dashboard-analysis',
  parent: 'menu-dashboard',
  name: '分析页',
  path: '/dashboard/analysis',
  component: 'dashboard/Analysis',
  icon: 'area-chart',
  order: 2,
  roles: ['admin'],
  rules: [
    { code: VISIT_STATS_PERMISSION, name: '全校访问统计' },
  ],
} as const satisfies MenuDeclaration;

export const MONITOR_PAGE = {
  id: 'menu-dashboard-monitor',
  parent: 'menu-dashboard',
  name: '监控页',
  path: '/dashboard/monitor',
  component: 'dashboard/Monitor',
  icon: 'fund',
  order: 3,
  roles: ['admin'],
  rules: [
    { code: MONITOR_SERVER_PERMISSION, name: '服务器信息' },
  ],
} as const satisfies MenuDeclaration;
