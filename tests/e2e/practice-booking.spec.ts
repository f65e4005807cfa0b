import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, mondayOf, schoolToday } from '../../contract/internship.ts';
import { BOOKING_MSG, type PickOption } from '../../contract/practice-booking.ts';
import type { PageResult } from '../../contract/resource.ts';
import type { TaskRow } from '../../contract/workflow.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiCall, apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

/**
 * Issue 14's booking flow: teacher01 books PLC控制实训室 on desktop for student01's class, is refused a slot
 * another booking holds (named in the message), chooses a free one in the week grid and books it; the
 * 教务处 (office01) sees it on the 工作台 and approves it from 我的待办; on a phone student01 finds today's session
 * on the 工作台 (今日日程, 本周课表) and the booked one on the class timetable's next week.
 */

const ROOM = 'PLC控制实训室';
const COURSE = 'Java程序设计';
const CLASS = '软件技术2023级1班';
/** Next week's Wednesday: always ahead, and on the week after the current one. */
const DAY = addDays(mondayOf(schoolToday()), 9);

async function choose(page: Page, label: string, search: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test.describe('实训预约与课表', () => {
  test.describe.configure({ mode: 'serial' });

  test.describe('桌面 1440×900', () => {
    test.use(DESKTOP);

    test('teacher01 is refused a taken slot with the booking named, then books a free one from the week grid', async ({ page, request }) => {
      // Periods 1–2 of the day are taken: the office booked the room for another class and teacher.
      const office = (await apiLogin(request, 'office01', DEMO_PASSWORD))!;
      const pick = (kind: string, q: string) => apiCall<PickOption[]>(request, office, 'get', '/practice/booking/pick', { kind, q });
      const [[room], [course], [klass], teachers] = await Promise.all([pick('room', ROOM), pick('course', '网店运营'), pick('class', '电子商务2025级2班'), pick('teacher', '')]);
      const teacher = teachers.find((t) => t.label !== '王老师');
      await apiCall(request, office, 'post', '/practice/booking/add', { classroomId: room!.id, date: DAY, periodFrom: 1, periodTo: 2, courseId: course!.id, classId: klass!.id, teacherUserId: teacher!.id, purpose: '网店装修实训' });

      await signInAs(page, 'teacher01', '#/practice/booking');
      await page.getByRole('button', { name: '新建预约' }).click();
      const drawer = page.getByRole('dialog', { name: '新建实训预约' });
      await choose(page, '实训室', 'PLC', ROOM);
      await choose(page, '课程', 'Java', COURSE);
      await choose(page, '班级', CLASS, CLASS);
      await drawer.getByPlaceholder('请选择日期').fill(DAY);
      await drawer.getByPlaceholder('请选择日期').press('Enter');
      await drawer.getByPlaceholder('例如：PLC 编程与调试实训').fill('Java 综合项目实训');
      // The week grid shows the slot as held (awaiting approval); periods 1–2 are the form's default.
      await expect(drawer.getByRole('table').getByText(/电子商务2025级2班 · .* · PLC控制实训室（审批中）/).first()).toBeVisible();
      await drawer.getByRole('button', { name: '提交预约' }).click();
      const refusal = drawer.getByRole('alert');
      await expect(refusal).toContainText('与已有预约冲突，未提交');
      await expect(refusal).toContainText(`${DAY} 第1-2节 实训室已被占用：PLC控制实训室 · 电子商务2025级2班`);

      // Closed and opened again it is a new booking: blank, without the last refusal; a past date typed in is refused at its field.
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await page.getByRole('button', { name: '新建预约' }).click();
      await expect(drawer.getByRole('alert')).toHaveCount(0);
      await expect(drawer).not.toContainText(ROOM);
      await expect(drawer.getByPlaceholder('例如：PLC 编程与调试实训')).toHaveValue('');
      const yesterday = addDays(schoolToday(), -1);
      await drawer.getByPlaceholder('请选择日期').fill(yesterday);
      await drawer.getByPlaceholder('请选择日期').press('Enter');
      await expect(drawer.getByPlaceholder('请选择日期')).toHaveValue(yesterday);
      await expect(drawer.getByText(BOOKING_MSG.datePast)).toBeVisible();
      await choose(page, '实训室', 'PLC', ROOM);
      await choose(page, '课程', 'Java', COURSE);
      await choose(page, '班级', CLASS, CLASS);
      await drawer.getByPlaceholder('请选择日期').fill(DAY);
      await drawer.getByPlaceholder('请选择日期').press('Enter');
      await expect(drawer.getByText(BOOKING_MSG.datePast)).toHaveCount(0);
      await drawer.getByPlaceholder('例如：PLC 编程与调试实训').fill('Java 综合项目实训');

      await drawer.getByRole('button', { name: `选择周三（${DAY}）第3节` }).click();
      await drawer.getByRole('button', { name: `选择周三（${DAY}）第4节` }).click();
      await expect(drawer.getByRole('combobox', { name: '结束节次' })).toHaveCount(1);
      await expect(drawer.getByTitle('第4节')).toBeVisible();
      await drawer.getByRole('button', { name: '提交预约' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '预约已提交，等待审批' })).toBeVisible();
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('row').filter({ hasText: `${DAY} 第3-4节` })).toContainText('审批中');
    });

    test('office01 sees it on the 工作台 (待审批实训预约 in 待办事项, and their own booking under 我的申请) and approves it from 我的待办', async ({ page }) => {
      await signInAs(page, 'office01');
      const label = `实训预约：${ROOM} ${DAY.slice(5)}`;
      await expect(page.getByRole('region', { name: '我的申请' }).getByRole('link', { name: `审批中 ${label} 第1-2节` })).toBeVisible();
      await page.getByRole('region', { name: '待办事项' }).getByRole('link', { name: /^待审批实训预约 \d+ 项$/ }).click();
      await expect(page).toHaveURL(/#\/todo-list$/);
      const list = page.getByRole('region', { name: '我的待办' });
      const row = list.getByRole('row').filter({ hasText: '王老师' }).filter({ hasText: '实训预约' });
      await expect(row).toHaveCount(1);
      await row.getByRole('button').first().click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toContainText(`节次：第3-4节`);
      await expect(drawer).toContainText(`班级：${CLASS}`);
      await drawer.getByRole('button', { name: '同意' }).click();
      await expect(row).toHaveCount(0);
    });

    test('teacher01 prints this week’s 实训课表: the week on one landscape sheet, without the app’s shell', async ({ page }) => {
      await signInAs(page, 'teacher01', '#/practice/timetable');
      const grid = page.locator('table.week-grid');
      // The demo season fills teacher01's week: the first session's course is looked for in print.
      const entry = grid.locator('.week-grid__entry').first();
      await expect(entry).toBeVisible();
      const course = (await entry.getAttribute('title'))!.split(' · ')[0]!;
      await page.emulateMedia({ media: 'print' });
      for (const part of ['.desktop-shell__sider', '.desktop-shell__tabs', '.desktop-shell__breadcrumb', '.practice-page__toolbar']) await expect(page.locator(part), part).toBeHidden();
      await expect(grid).toBeVisible();
      const printed = await page.pdf({ preferCSSPageSize: true });
      const pdf = await getDocumentProxy(new Uint8Array(printed));
      expect(pdf.numPages).toBe(1);
      const sheet = await pdf.getPage(1);
      const [, , width, height] = sheet.view as [number, number, number, number];
      expect(width).toBeGreaterThan(height);
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain(course);
      expect(text).not.toContain('实践教学');
    });
  });

  test.describe('手机 390×844', () => {
    test.use(PHONE);

    test('student01 sees today’s session on the 工作台 and next week’s on the class timetable', async ({ page, request }) => {
      // A session today, approved: the office books the class for another teacher and approves it.
      const office = (await apiLogin(request, 'office01', DEMO_PASSWORD))!;
      const pick = (kind: string, q: string) => apiCall<PickOption[]>(request, office, 'get', '/practice/booking/pick', { kind, q });
      const [[room], [course], [klass], teachers] = await Promise.all([pick('room', '电工电子'), pick('course', '电工电子技术'), pick('class', CLASS), pick('teacher', '')]);
      const today = schoolToday();
      const teacher = teachers.find((t) => t.label !== '王老师');
      await apiCall(request, office, 'post', '/practice/booking/add', { classroomId: room!.id, date: today, periodFrom: 11, periodTo: 12, courseId: course!.id, classId: klass!.id, teacherUserId: teacher!.id, purpose: '电工实训' });
      const todo = await apiCall<PageResult<TaskRow>>(request, office, 'get', '/workflow/todo', { page: '1', pageSize: '100' });
      const task = todo.records.find((r) => r.title.includes(`${today.slice(5)} 第11-12节`))!;
      await apiCall(request, office, 'post', `/workflow/task/${task.id}/decide`, { decision: 'approve' });

      await signInAs(page, 'student01');
      await expect(page.getByRole('region', { name: '今日日程' })).toContainText(`第11-12节电工电子技术 · ${room!.label}`);
      await expect(page.getByRole('region', { name: `本周课表 · ${CLASS}` })).toContainText('电工电子技术');
      await page.getByRole('region', { name: '今日日程' }).getByRole('link', { name: '查看课表' }).click();
      await expect(page.locator('.adm-list-item').filter({ hasText: '电工电子技术' })).toContainText('第11-12节');
      await page.getByRole('button', { name: '下周 ›' }).click();
      // The demo season's sessions fill next week too: the Wednesday is chosen by a tap.
      const wednesday = page.getByRole('button', { name: new RegExp(`^周三 ${DAY}，有安排`) });
      await wednesday.click();
      await expect(wednesday).toHaveAttribute('aria-pressed', 'true');
      const session = page.locator('.adm-list-item').filter({ hasText: COURSE });
      await expect(session).toContainText('第3-4节');
      await expect(session).toContainText(`${ROOM} · 王老师`);
      await expect(page.getByText(CLASS)).toBeVisible();
    });
  });
});
