import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DeclaredComponent } from '@contract/menus.ts';
import { recordKinds } from '@contract/records.ts';
import type { ResourceDescription } from '@contract/resource.ts';
import { devicePage } from '@/components/device-page.tsx';

type LazyPage = LazyExoticComponent<ComponentType>;

/** The contracts, each loaded only when a page of one of its resources opens (test files aside). */
const CONTRACTS = import.meta.glob<Record<string, unknown>>(['../../contract/*.ts', '!../../contract/*.test.ts']);

const isDescription = (value: unknown, key: string): value is ResourceDescription =>
  typeof value === 'object' && value !== null && (value as Partial<ResourceDescription>).key === key && Array.isArray((value as Partial<ResourceDescription>).fields);

/** The description a plain resource's page declares as `resource/<contract file>/<key>` (contract/menu-declaration.ts resourceMenu). */
export async function declaredResource(component: string): Promise<ResourceDescription> {
  const [, file, key] = /^resource\/([\w-]+)\/(\w+)$/.exec(component) ?? [];
  const load = CONTRACTS[`../../contract/${file}.ts`];
  const resource = load && Object.values(await load()).find((value) => isDescription(value, key!));
  if (!resource) throw new Error(`no resource ${key} in contract/${file}.ts for the page ${component}`);
  return resource;
}

const resourcePages = new Map<string, LazyPage>();

/** A plain resource's page, all from its description (loaded with the page, not the app): no page file, no line here. */
function resourcePage(component: string): LazyPage {
  if (!resourcePages.has(component))
    resourcePages.set(
      component,
      lazy(async () => {
        const [resource, { ResourcePage }] = await Promise.all([declaredResource(component), import('@/components/resource/resource-page.tsx')]);
        return { default: () => createElement(ResourcePage, { desktop: { resource } }) };
      }),
    );
  return resourcePages.get(component)!;
}

/**
 * The component of each declared page (contract/menus.ts, the menus' sys_permission.component) mapped to
 * what draws it: the type makes a declared page without a component here, or a component no page declares,
 * fail to compile. A page with a desktop and a phone rendering is a devicePage (components/device-page.tsx),
 * its hook named as `shared`.
 */
const DECLARED_PAGES = {
  'dashboard/Analysis': lazy(() => import('@/features/dashboard/pages/analysis.tsx')),
  'dashboard/Monitor': lazy(() => import('@/features/dashboard/pages/monitor.tsx')),
  'dashboard/Workplace': lazy(() => import('@/features/dashboard/pages/workplace.tsx')),
  'isps/UserAnnouncement': devicePage({
    desktop: () => import('@/features/announcement/pages/my-announcements-desktop.tsx'),
    phone: () => import('@/features/announcement/pages/my-announcements-phone.tsx'),
    shared: () => import('@/features/announcement/pages/my-announcements.tsx').then((m) => m.useUserAnnouncementPage),
  }),
  'account/center/Index': lazy(() => import('@/features/account/pages/center.tsx')),
  'account/settings/BaseSetting': lazy(() => import('@/features/account/pages/settings/base.tsx')),
  'account/settings/Security': lazy(() => import('@/features/account/pages/settings/security.tsx')),
  'account/settings/Custom': lazy(() => import('@/features/account/pages/settings/custom.tsx')),
  'account/settings/Binding': lazy(() => import('@/features/account/pages/settings/binding.tsx')),
  'account/settings/Notification': lazy(() => import('@/features/account/pages/settings/notification.tsx')),
  'exception/403': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.Forbidden }))),
  'exception/404': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.NotFound }))),
  'exception/500': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.ServerError }))),
  'internship/CheckinDaily': devicePage({
    desktop: () => import('@/features/internship/pages/checkin-daily-desktop.tsx'),
    phone: () => import('@/features/internship/pages/checkin-daily-phone.tsx'),
    shared: () => import('@/features/internship/pages/checkin-daily.tsx').then((m) => m.useCheckinDailyPage),
  }),
  'internship/Interactions': devicePage({
    desktop: () => import('@/features/interaction/pages/interactions-desktop.tsx'),
    phone: () => import('@/features/interaction/pages/interactions-phone.tsx'),
    shared: () => import('@/features/interaction/components/interaction-parts.tsx').then((m) => m.useInteractionsPage),
  }),
  'internship/Visits': devicePage({
    desktop: () => import('@/features/visit/pages/visits-desktop.tsx'),
    phone: () => import('@/features/visit/pages/visits-phone.tsx'),
    shared: () => import('@/features/visit/hooks/use-visits-page.tsx').then((m) => m.useVisitsPage),
  }),
  'internship/Season': devicePage({
    desktop: () => import('@/features/internship-season/pages/season-desktop.tsx'),
    phone: () => import('@/features/internship-season/pages/season-phone.tsx'),
    shared: () => import('@/features/internship-season/components/use-season-grid.ts').then((m) => m.useSeasonPage),
  }),
  'dashboard/ApiDocs': devicePage({
    desktop: () => import('@/features/api-docs/pages/api-docs-desktop.tsx'),
    phone: () => import('@/features/api-docs/pages/api-docs-phone.tsx'),
    shared: () => import('@/features/api-docs/components/use-api-docs-page.ts').then((m) => m.useApiDocsPage),
  }),
  'internship/Compliance': devicePage({
    desktop: () => import('@/features/internship-compliance/pages/compliance-desktop.tsx'),
    phone: () => import('@/features/internship-compliance/pages/compliance-phone.tsx'),
    shared: () => import('@/features/internship-compliance/components/use-compliance-page.ts').then((m) => m.useCompliancePage),
  }),
  'internship/Reporting': devicePage({
    desktop: () => import('@/features/internship-report/pages/report-desktop.tsx'),
    phone: () => import('@/features/internship-report/pages/report-phone.tsx'),
    shared: () => import('@/features/internship-report/components/use-report-page.ts').then((m) => m.useReportPage),
  }),
  // 实践教学 (issue 14).
  'practice/Bookings': devicePage({
    desktop: () => import('@/features/practice-booking/pages/bookings-desktop.tsx'),
    phone: () => import('@/features/practice-booking/pages/bookings-phone.tsx'),
    shared: () => import('@/features/practice-booking/components/use-bookings.ts').then((m) => m.useBookingsPage),
  }),
  'practice/Timetable': devicePage({
    desktop: () => import('@/features/practice-booking/pages/timetable-desktop.tsx'),
    phone: () => import('@/features/practice-booking/pages/timetable-phone.tsx'),
    shared: () => import('@/features/practice-booking/components/use-timetable.ts').then((m) => m.useTimetablePage),
  }),
  'practice/Evaluation': devicePage({
    desktop: () => import('@/features/practice-evaluation/pages/evaluation-desktop.tsx'),
    phone: () => import('@/features/practice-evaluation/pages/evaluation-phone.tsx'),
    shared: () => import('@/features/practice-evaluation/components/use-evaluation.ts').then((m) => m.useEvaluationPage),
  }),
  'internship/RecordReview': devicePage({
    desktop: () => import('@/features/internship/pages/record-review-desktop.tsx'),
    phone: () => import('@/features/internship/pages/record-review-phone.tsx'),
    shared: () => import('@/features/internship/pages/record-review-parts.tsx').then((m) => m.useRecordReviewPage),
  }),
  'internship/ScoreList': devicePage({
    desktop: () => import('@/features/internship-office/pages/score-desktop.tsx'),
    phone: () => import('@/features/internship-office/pages/score-phone.tsx'),
    shared: () => import('@/features/internship-office/components/score-forms.ts').then((m) => m.useScorePage),
  }),
  'internship/WarningList': devicePage({
    desktop: () => import('@/features/internship-office/pages/warning-list-desktop.tsx'),
    phone: () => import('@/features/internship-office/pages/warning-list-phone.tsx'),
    shared: () => import('@/features/internship-office/pages/warning-list.ts').then((m) => m.useWarningListPage),
  }),
  'internship/Stats': devicePage({
    desktop: () => import('@/features/internship-office/pages/stats-desktop.tsx'),
    phone: () => import('@/features/internship-office/pages/stats-phone.tsx'),
    shared: () => import('@/features/internship-office/components/stats-program.ts').then((m) => m.useStatsPage),
  }),
  'internship/PlacementList': lazy(() => import('@/features/internship-office/pages/placement-list.tsx')),
  'internship/ProgramList': lazy(() => import('@/features/internship-office/pages/program-list.tsx')),
  'internship/UnitList': devicePage({
    desktop: () => import('@/features/internship-office/pages/unit-list-desktop.tsx'),
    phone: () => import('@/features/internship-office/pages/unit-list-phone.tsx'),
    shared: () => import('@/features/internship-office/components/unit-parts.ts').then((m) => m.useUnitListPage),
  }),
  'practice/Contracts': devicePage({
    desktop: () => import('@/features/practice-contract/pages/contracts-desktop.tsx'),
    phone: () => import('@/features/practice-contract/pages/contracts-phone.tsx'),
    shared: () => import('@/features/practice-contract/contract-parts.tsx').then((m) => m.useContractsPage),
  }),
  'practice/Scores': devicePage({
    desktop: () => import('@/features/practice-score/pages/scores-desktop.tsx'),
    phone: () => import('@/features/practice-score/pages/scores-phone.tsx'),
    shared: () => import('@/features/practice-score/pages/use-scores-page.ts').then((m) => m.useScoresPage),
  }),
  'workflow/TodoList': devicePage({
    desktop: () => import('@/features/workflow/pages/workflow-list-desktop.tsx'),
    phone: () => import('@/features/workflow/pages/workflow-list-phone.tsx'),
    shared: () => import('@/features/workflow/pages/workflow-lists.tsx').then((m) => m.useTodoListPage),
  }),
  'workflow/DoneList': devicePage({
    desktop: () => import('@/features/workflow/pages/workflow-list-desktop.tsx'),
    phone: () => import('@/features/workflow/pages/workflow-list-phone.tsx'),
    shared: () => import('@/features/workflow/pages/workflow-lists.tsx').then((m) => m.useDoneListPage),
  }),
  'workflow/MyApplications': devicePage({
    desktop: () => import('@/features/workflow/pages/workflow-list-desktop.tsx'),
    phone: () => import('@/features/workflow/pages/workflow-list-phone.tsx'),
    shared: () => import('@/features/workflow/pages/workflow-lists.tsx').then((m) => m.useMyApplicationsPage),
  }),
  'workflow/ModelEditor': devicePage({
    desktop: () => import('@/features/workflow/pages/model-editor-desktop.tsx'),
    phone: () => import('@/features/workflow/pages/model-editor-phone.tsx'),
    shared: () => import('@/features/workflow/components/use-model-editor.ts').then((m) => m.useModelEditorPage),
  }),
  'system/AnnouncementList': devicePage({
    desktop: () => import('@/features/system-announcement/pages/announcement-list-desktop.tsx'),
    phone: () => import('@/features/system-announcement/pages/announcement-list-phone.tsx'),
    shared: () => import('@/features/system-announcement/pages/announcement-list.tsx').then((m) => m.useAnnouncementListPage),
  }),
  'system/DepartList': devicePage({
    desktop: () => import('@/features/system-depart/pages/depart-list-desktop.tsx'),
    phone: () => import('@/features/system-depart/pages/depart-list-phone.tsx'),
    shared: () => import('@/features/system-depart/hooks/use-depart-page.ts').then((m) => m.useDepartPage),
  }),
  'system/DictList': devicePage({
    desktop: () => import('@/features/system-dict/pages/dict-list-desktop.tsx'),
    phone: () => import('@/features/system-dict/pages/dict-list-phone.tsx'),
    shared: () => import('@/features/system-dict/pages/dict-list.ts').then((m) => m.useDictListPage),
  }),
  'system/JobList': devicePage({
    desktop: () => import('@/features/system-job/pages/job-list-desktop.tsx'),
    phone: () => import('@/features/system-job/pages/job-list-phone.tsx'),
    shared: () => import('@/features/system-job/pages/job-list.tsx').then((m) => m.useJobListPage),
  }),
  'system/LogList': devicePage({
    desktop: () => import('@/features/system-log/pages/log-list-desktop.tsx'),
    phone: () => import('@/features/system-log/pages/log-list-phone.tsx'),
    shared: () => import('@/features/system-log/pages/log-list.tsx').then((m) => m.useLogListPage),
  }),
  'system/UserList': devicePage({
    desktop: () => import('@/features/system-user/pages/user-list-desktop.tsx'),
    phone: () => import('@/features/system-user/pages/user-list-phone.tsx'),
  }),
  'system/CategoryList': devicePage({
    desktop: () => import('@/features/system-category/pages/category-list-desktop.tsx'),
    phone: () => import('@/features/system-category/pages/category-list-phone.tsx'),
    shared: () => import('@/features/system-category/hooks/use-category-page.ts').then((m) => m.useCategoryPage),
  }),
  'system/FillRuleList': devicePage({
    desktop: () => import('@/features/system-fill-rule/pages/fill-rule-list-desktop.tsx'),
    phone: () => import('@/features/system-fill-rule/pages/fill-rule-list-phone.tsx'),
    shared: () => import('@/features/system-fill-rule/pages/fill-rule-list.ts').then((m) => m.useFillRuleListPage),
  }),
  'system/AddressBook': devicePage({
    desktop: () => import('@/features/system-addressbook/pages/address-book-desktop.tsx'),
    phone: () => import('@/features/system-addressbook/pages/address-book-phone.tsx'),
    shared: () => import('@/features/system-addressbook/pages/address-book.tsx').then((m) => m.useAddressBookPage),
  }),
  'system/RoleList': devicePage({
    desktop: () => import('@/features/system-role/pages/role-list-desktop.tsx'),
    phone: () => import('@/features/system-role/pages/role-list-phone.tsx'),
    shared: () => import('@/features/system-role/pages/role-list.ts').then((m) => m.useRoleListPage),
  }),
  'system/PermissionList': devicePage({
    desktop: () => import('@/features/system-permission/pages/permission-list-desktop.tsx'),
    phone: () => import('@/features/system-permission/pages/permission-list-phone.tsx'),
    shared: () => import('@/features/system-permission/hooks/use-permission-page.ts').then((m) => m.usePermissionPage),
  }),
  // 基础数据, one page per entity from its description.
  'basic/CampusList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.CampusList }))),
  'basic/BuildingList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.BuildingList }))),
  'basic/ClassroomList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.ClassroomList }))),
  'basic/MajorList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.MajorList }))),
  'basic/ClassList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.ClassList }))),
  'basic/CourseList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.CourseList }))),
  'basic/TeacherList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.TeacherList }))),
  'basic/StudentList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.StudentList }))),
} satisfies Record<Exclude<DeclaredComponent, `resource/${string}`>, LazyPage>;

export const PAGE_REGISTRY: Record<string, LazyPage> = {
  ...DECLARED_PAGES,
  // The student's page of each declared record kind (contract/records.ts): one component for every kind.
  ...Object.fromEntries(
    recordKinds().map((declaration) => [
      declaration.pages.mine.component,
      lazy(() => import('@/features/internship/pages/my-records.tsx').then((m) => ({ default: () => createElement(m.MyRecordsPage, { declaration }) }))),
    ]),
  ),
};

/** What draws a menu's component: a page of the registry, or a plain resource's page; none for an unknown one. */
export const pageOf = (component: string): LazyPage | undefined => PAGE_REGISTRY[component] ?? (component.startsWith('resource/') ? resourcePage(component) : undefined);
