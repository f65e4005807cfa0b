import { ADDRESS_BOOK_PAGE } from './addressbook.ts';
import { ANNOUNCEMENT_PAGE, MY_ANNOUNCEMENTS_PAGE } from './announcement.ts';
import { BASIC_PAGES } from './basic-data.ts';
import { CATEGORY_PAGE } from './category.ts';
import { COMPLIANCE_PAGE } from './compliance.ts';
import { ANALYSIS_PAGE, MONITOR_PAGE, WORKPLACE_PAGE } from './dashboard.ts';
import { API_DOCS_PAGE } from './monitor.ts';
import { DEPART_PAGE } from './depart.ts';
import { DICT_PAGE } from './dict.ts';
import { FILL_RULE_PAGE } from './fill-rule.ts';
import { INTERACTIONS_PAGE } from './interactions.ts';
import { PLACEMENT_PAGE } from './internship-placement.ts';
import { PROGRAM_PAGE } from './internship-program.ts';
import { REPORT_PAGE } from './internship-report.ts';
import { SCORE_PAGE } from './internship-score.ts';
import { UNIT_PAGES } from './internship-unit.ts';
import { STATS_PAGE, WARNING_PAGE } from './internship-warning.ts';
import { JOB_PAGE } from './job.ts';
import { LOG_PAGE } from './log.ts';
import { EVERYONE, FOLDER, type MenuDeclaration } from './menu-declaration.ts';
import { PERMISSION_PAGE } from './permission-admin.ts';
import { POSITION_PAGE } from './position.ts';
import { BOOKING_PAGE, TIMETABLE_PAGE } from './practice-booking.ts';
import { CONTRACT_PAGE } from './practice-contract.ts';
import { EVALUATION_PAGE } from './practice-evaluation.ts';
import { PRACTICE_SCORE_PAGE } from './practice-score.ts';
import { CHECKIN_DAILY_PAGE, RECORD_REVIEW_MENU, recordKindMenus } from './records.ts';
import { ROLE_PAGE } from './role.ts';
import { SEASON_PAGE } from './season.ts';
import { USER_PAGE } from './user-admin.ts';
import { VISITS_PAGE } from './visits.ts';
import { DONE_PAGE, MY_APPLICATIONS_PAGE, PROCESS_MODEL_PAGE, TODO_PAGE } from './workflow.ts';

/**
 * Every menu entry the product declares (contract/menu-declaration.ts): the folders and the shell's own pages
 * here, each area's pages beside what they show. Server only: the browser names its pages through the
 * DeclaredComponent type, so none of this reaches a bundle.
 */

const FOLDERS = [
  { id: 'menu-dashboard', name: '仪表盘', path: '/dashboard', component: FOLDER, redirect: '/dashboard/workplace', icon: 'home', order: 1 },
  { id: 'menu-basic', name: '基础数据', path: '/basic', component: FOLDER, icon: 'database', order: 20 },
  { id: 'menu-internship', name: '实习管理', path: '/internship', component: FOLDER, icon: 'solution', order: 20 },
  { id: 'menu-practice', name: '实践教学', path: '/practice', component: FOLDER, icon: 'experiment', order: 25 },
  { id: 'menu-workflow', name: '流程', path: '/workflow', component: FOLDER, icon: 'cluster', order: 25 },
  { id: 'menu-system', name: '系统管理', path: '/system', component: FOLDER, icon: 'setting', order: 90 },
  { id: 'menu-account', name: '个人页', path: '/account', component: FOLDER, redirect: '/account/center', icon: 'user', order: 91, hidden: true },
  { id: 'menu-account-settings', parent: 'menu-account', name: '个人设置', path: '/account/settings', component: FOLDER, redirect: '/account/settings/base', icon: 'setting', order: 2, hidden: true },
  { id: 'menu-exception', name: '异常页', path: '/exception', component: FOLDER, redirect: '/exception/403', icon: 'warning', order: 92, hidden: true },
] as const satisfies readonly MenuDeclaration[];

/** The account's own pages and the error pages: everyone's, never in the menu. */
const SHELL_PAGES = [
  { id: 'menu-account-center', parent: 'menu-account', name: '个人中心', path: '/account/center', component: 'account/center/Index', icon: 'user', order: 1, hidden: true, roles: EVERYONE },
  { id: 'menu-account-settings-base', parent: 'menu-account-settings', name: '基本设置', path: '/account/settings/base', component: 'account/settings/BaseSetting', order: 1, hidden: true, roles: EVERYONE },
  { id: 'menu-account-settings-security', parent: 'menu-account-settings', name: '安全设置', path: '/account/settings/security', component: 'account/settings/Security', order: 2, hidden: true, roles: EVERYONE },
  { id: 'menu-account-settings-custom', parent: 'menu-account-settings', name: '个性化设置', path: '/account/settings/custom', component: 'account/settings/Custom', order: 3, hidden: true, roles: EVERYONE },
  { id: 'menu-account-settings-binding', parent: 'menu-account-settings', name: '账户绑定', path: '/account/settings/binding', component: 'account/settings/Binding', order: 4, hidden: true, roles: EVERYONE },
  { id: 'menu-account-settings-notification', parent: 'menu-account-settings', name: '新消息通知', path: '/account/settings/notification', component: 'account/settings/Notification', order: 5, hidden: true, roles: EVERYONE },
  { id: 'menu-exception-403', parent: 'menu-exception', name: '403', path: '/exception/403', component: 'exception/403', order: 1, hidden: true, roles: EVERYONE },
  { id: 'menu-exception-404', parent: 'menu-exception', name: '404', path: '/exception/404', component: 'exception/404', order: 2, hidden: true, roles: EVERYONE },
  { id: 'menu-exception-500', parent: 'menu-exception', name: '500', path: '/exception/500', component: 'exception/500', order: 3, hidden: true, roles: EVERYONE },
] as const satisfies readonly MenuDeclaration[];

/** The pages a component of their own draws; the record kinds' pages are one component for every kind. */
const PAGES = [
  ...SHELL_PAGES,
  WORKPLACE_PAGE,
  ANALYSIS_PAGE,
  MONITOR_PAGE,
  API_DOCS_PAGE,
  MY_ANNOUNCEMENTS_PAGE,
  ...BASIC_PAGES,
  RECORD_REVIEW_MENU,
  CHECKIN_DAILY_PAGE,
  SEASON_PAGE,
  INTERACTIONS_PAGE,
  VISITS_PAGE,
  ...UNIT_PAGES,
  PROGRAM_PAGE,
  PLACEMENT_PAGE,
  SCORE_PAGE,
  WARNING_PAGE,
  STATS_PAGE,
  COMPLIANCE_PAGE,
  REPORT_PAGE,
  BOOKING_PAGE,
  TIMETABLE_PAGE,
  PRACTICE_SCORE_PAGE,
  EVALUATION_PAGE,
  CONTRACT_PAGE,
  USER_PAGE,
  ROLE_PAGE,
  PERMISSION_PAGE,
  DEPART_PAGE,
  DICT_PAGE,
  ANNOUNCEMENT_PAGE,
  POSITION_PAGE,
  CATEGORY_PAGE,
  FILL_RULE_PAGE,
  ADDRESS_BOOK_PAGE,
  LOG_PAGE,
  JOB_PAGE,
  TODO_PAGE,
  DONE_PAGE,
  MY_APPLICATIONS_PAGE,
  PROCESS_MODEL_PAGE,
] as const;

/** The page registry's keys: each declared page drawn by a component of its own. */
export type DeclaredComponent = (typeof PAGES)[number]['component'];

export const declaredMenus = (): MenuDeclaration[] => [...FOLDERS, ...PAGES, ...recordKindMenus()];

/**
 * What a new role starts with, so that its users land on pages they may open rather than on 404: 工作台, their
 * messages, the account pages and the error pages, with the folders they sit in.
 */
export function startingMenus(): string[] {
  const menus = new Map(declaredMenus().map((menu) => [menu.id, menu]));
  const ids = new Set<string>();
  const starting: MenuDeclaration[] = [WORKPLACE_PAGE, MY_ANNOUNCEMENTS_PAGE, ...SHELL_PAGES];
  for (const page of starting) for (let menu: MenuDeclaration | undefined = page; menu; menu = menu.parent ? menus.get(menu.parent) : undefined) ids.add(menu.id);
  return [...ids];
}
