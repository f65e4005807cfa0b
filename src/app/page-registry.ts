import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { recordKinds } from '@contract/records.ts';

/**
 * Menu component names (as stored in sys_permission.component) mapped to pages. Each feature that
 * adds a menu in a migration adds its page here, so every menu has a page.
 */
export const PAGE_REGISTRY: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/Analysis': lazy(() => import('@/features/dashboard/pages/analysis.tsx')),
  'dashboard/Monitor': lazy(() => import('@/features/dashboard/pages/monitor.tsx')),
  'dashboard/Workplace': lazy(() => import('@/features/dashboard/pages/workplace.tsx')),
  'isps/UserAnnouncement': lazy(() => import('@/features/announcement/pages/user-announcement.tsx')),
  // Migration 0004: the account pages (hidden menus) and the exception pages (0034 took the template's profile samples away).
  'account/center/Index': lazy(() => import('@/features/account/pages/center.tsx')),
  'account/settings/BaseSetting': lazy(() => import('@/features/account/pages/settings/base.tsx')),
  'account/settings/Security': lazy(() => import('@/features/account/pages/settings/security.tsx')),
  'account/settings/Custom': lazy(() => import('@/features/account/pages/settings/custom.tsx')),
  'account/settings/Binding': lazy(() => import('@/features/account/pages/settings/binding.tsx')),
  'account/settings/Notification': lazy(() => import('@/features/account/pages/settings/notification.tsx')),
  'exception/403': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.Forbidden }))),
  'exception/404': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.NotFound }))),
  'exception/500': lazy(() => import('@/features/exception/pages/in-shell.tsx').then((m) => ({ default: m.ServerError }))),
  // Migrations 0005 and 0022: the student's page of each declared record kind (contract/records.ts), and one review list for all.
  ...Object.fromEntries(
    recordKinds().map((declaration) => [
      declaration.pages.mine.component,
      lazy(() => import('@/features/internship/pages/my-records.tsx').then((m) => ({ default: () => createElement(m.MyRecordsPage, { declaration }) }))),
    ]),
  ),
  'internship/CheckinDaily': lazy(() => import('@/features/internship/pages/checkin-daily.tsx')),
  'internship/Interactions': lazy(() => import('@/features/interaction/pages/interactions.tsx')),
  'internship/Visits': lazy(() => import('@/features/visit/pages/visits.tsx')),
  'internship/Season': lazy(() => import('@/features/internship-season/pages/season.tsx')),
  // 实践教学 (issue 14).
  'practice/Bookings': lazy(() => import('@/features/practice-booking/pages/bookings.tsx')),
  'practice/Timetable': lazy(() => import('@/features/practice-booking/pages/timetable.tsx')),
  'practice/Evaluation': lazy(() => import('@/features/practice-evaluation/pages/evaluation.tsx')),
  'internship/RecordReview': lazy(() => import('@/features/internship/pages/record-review.tsx')),
  'internship/ScoreList': lazy(() => import('@/features/internship-office/score-list.tsx')),
  'internship/WarningList': lazy(() => import('@/features/internship-office/warning-list.tsx')),
  'internship/Stats': lazy(() => import('@/features/internship-office/stats-page.tsx')),
  'internship/PlacementList': lazy(() => import('@/features/internship-office/placement-list.tsx')),
  'internship/ProgramList': lazy(() => import('@/features/internship-office/program-list.tsx')),
  'internship/UnitList': lazy(() => import('@/features/internship-office/pages/unit-list.tsx')),
  'practice/Contracts': lazy(() => import('@/features/practice-contract/pages/contracts.tsx')),
  'practice/Scores': lazy(() => import('@/features/practice-score/pages/scores.tsx')),
  'workflow/TodoList': lazy(() => import('@/features/workflow/pages/todo-list.tsx')),
  'workflow/DoneList': lazy(() => import('@/features/workflow/pages/done-list.tsx')),
  'workflow/MyApplications': lazy(() => import('@/features/workflow/pages/my-applications.tsx')),
  'workflow/ModelEditor': lazy(() => import('@/features/workflow/pages/model-editor.tsx')),
  'system/AnnouncementList': lazy(() => import('@/features/system-announcement/pages/announcement-list.tsx')),
  'system/DepartList': lazy(() => import('@/features/system-depart/pages/depart-list.tsx')),
  'system/DictList': lazy(() => import('@/features/system-dict/pages/dict-list.tsx')),
  'system/JobList': lazy(() => import('@/features/system-job/pages/job-list.tsx')),
  'system/LogList': lazy(() => import('@/features/system-log/pages/log-list.tsx')),
  'system/UserList': lazy(() => import('@/features/system-user/pages/user-list.tsx')),
  'system/PositionList': lazy(() => import('@/features/system-position/pages/position-list.tsx')),
  'system/CategoryList': lazy(() => import('@/features/system-category/pages/category-list.tsx')),
  'system/FillRuleList': lazy(() => import('@/features/system-fill-rule/pages/fill-rule-list.tsx')),
  'system/AddressBook': lazy(() => import('@/features/system-addressbook/pages/address-book.tsx')),
  'system/RoleList': lazy(() => import('@/features/system-role/pages/role-list.tsx')),
  'system/PermissionList': lazy(() => import('@/features/system-permission/pages/permission-list.tsx')),
  // Migration 0011: 基础数据, one page per entity from its description.
  'basic/CampusList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.CampusList }))),
  'basic/BuildingList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.BuildingList }))),
  'basic/ClassroomList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.ClassroomList }))),
  'basic/MajorList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.MajorList }))),
  'basic/ClassList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.ClassList }))),
  'basic/CourseList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.CourseList }))),
  'basic/TeacherList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.TeacherList }))),
  'basic/StudentList': lazy(() => import('@/features/basic-data/pages/basic-lists.tsx').then((m) => ({ default: m.StudentList }))),
};
