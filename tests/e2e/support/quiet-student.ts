import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { MyPlacementRecords } from '../../../contract/records.ts';
import type { PageResult } from '../../../contract/resource.ts';
import { PLACEMENT_API, PLACEMENT_OPTIONS, type AdviserAssignmentRow, type PlacementOption } from '../../../contract/internship-placement.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { apiCall, apiLogin } from './api.ts';

/**
 * Specs that file or review records of their own each take a different running student from the end of
 * 实习办's ti03 list (the shared demo student01 and the lists' first rows are other specs'), so what they
 * count on does not depend on which specs ran before them on the same server. Their advisers are generated
 * teachers, who log in by 工号 (the named demo accounts are other specs' too, and log in by name).
 */
const FROM_THE_END = { webkitPhone: 1, reviewDraft: 2, refusedSummary: 3, reviewBell: 4, revokedSession: 5, checkinPair: 6, dailyLog: 7 } as const;

export interface QuietStudent {
  student: { studentNo: string; studentName: string };
  /** The student's session. */
  token: string;
  /** The adviser's account (a teacher's is their 工号) and session. */
  adviserNo: string;
  adviser: string;
  /** A week of the running placement without a 周记. */
  enrolmentId: string;
  weekNo: number;
  weekStart: string;
}

export async function quietStudent(request: APIRequestContext, spec: keyof typeof FROM_THE_END): Promise<QuietStudent> {
  const office = (await apiLogin(request, 'office01', DEMO_PASSWORD))!;
  const rows = await apiCall<PageResult<AdviserAssignmentRow>>(request, office, 'get', PLACEMENT_API.adviserList, { pageNo: '1', pageSize: '1000' });
  const named = new Set(DEMO_ACCOUNTS.map((a) => a.realname));
  const quiet = rows.records.filter((r) => r.status === 'active' && r.adviserUserId && r.adviserName && !named.has(r.adviserName) && r.studentNo && r.studentNo !== '2023010101');
  const student = quiet.at(-FROM_THE_END[spec]);
  expect(student, '没有在实习且有指导教师的学生').toBeTruthy();
  const advisers = await apiCall<PageResult<PlacementOption>>(request, office, 'get', PLACEMENT_OPTIONS.adviser, { pageNo: '1', pageSize: '1', name: student!.adviserName! });
  const adviserNo = advisers.records.find((a) => a.id === student!.adviserUserId)?.code;
  expect(adviserNo, `找不到指导教师 ${student!.adviserName} 的工号`).toBeTruthy();
  const adviser = await apiLogin(request, adviserNo!, DEMO_PASSWORD);
  const token = await apiLogin(request, student!.studentNo!, DEMO_PASSWORD);
  expect(adviser && token, `${adviserNo} 或 ${student!.studentNo} 登录失败`).toBeTruthy();
  const [placement] = await apiCall<MyPlacementRecords[]>(request, token!, 'get', '/internship/weekly/mine');
  const week = placement!.slots.find((s) => s.record === null);
  expect(week, `${student!.studentName} 没有空着的周次`).toBeTruthy();
  return {
    student: { studentNo: student!.studentNo!, studentName: student!.studentName! },
    token: token!,
    adviserNo: adviserNo!,
    adviser: adviser!,
    enrolmentId: placement!.id,
    weekNo: week!.periodNo,
    weekStart: week!.periodStart,
  };
}

/** The student submits a 周记 of their own in the week left empty, through the API; it then waits for the adviser. */
export async function submitSummary(request: APIRequestContext, { token, enrolmentId, weekStart }: QuietStudent, title: string): Promise<void> {
  const content = '本周在测试组执行回归测试用例，补充接口断言，记录并跟踪缺陷，和导师一起复盘上线前的缺陷清单。'.repeat(5);
  await apiCall(request, token, 'put', `/internship/weekly/${randomUUID()}`, { enrolmentId, periodStart: weekStart, title, content, submit: true });
}
