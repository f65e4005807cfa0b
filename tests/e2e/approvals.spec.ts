import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { RECORD_KINDS, type MyPlacementRecords } from '../../contract/records.ts';
import type { PageResult } from '../../contract/resource.ts';
import type { TaskRow } from '../../contract/workflow.ts';
import { apiCall, apiLogin } from './support/api.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { signInAs } from './support/auth.ts';
import { keptOnDevice } from './support/device-store.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

/**
 * Issue 13's flow through the approval workflow: offline on a phone, student01 files a leave from today, is
 * refused a second one overlapping it (the first named) and checks in with the location allowed; after an
 * offline reload all reaches the server once. teacher01 approves the leave from 我的待办 on desktop and sees the
 * check-in in 今日签到, 2.2 km from the workplace the office recorded and flagged outside its radius (issue 35); the student closes the begun leave with a confirmed 销假 (the return time shown) and
 * withdraws an approved one not yet begun (issue 33, item 1). A second student, already 实习中 in the demo
 * season, checks in having refused the location and asks for a company change, its required 新三方协议 a field
 * of its own (item 9): their adviser and then the 实习办 approve it, and the student's placement shows the new
 * unit; the same student asks 补卡 for a day without a check-in, the adviser approves it and the day's check-in says
 * 补卡 (issue 35). 李明 asks in 互动 and teacher01's reply shows on his home; teacher01 records a visit offline on a phone,
 * its preselected 实地走访 staying chosen when tapped (item 12) and its draft surviving an offline reload (item 2).
 */

/** The 互动 thread student01 starts from the leave: named after it. */
const threadTitle = () => `关于：${leaveTitle()}`;
/** The leave student01 files: from midnight today (so it has begun once approved) to the day after tomorrow. */
const leaveTitle = () => {
  const days = leaveDays();
  return `事假 ${days.todayLabel} 00:00 ~ ${days.secondLabel} 18:00`;
};
const REPLY = '实习规定不允许安排加班，我来联系企业。';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const call = apiCall;

const login = async (request: APIRequestContext, username: string) => (await apiLogin(request, username, DEMO_PASSWORD))!;

/** Today, the day after tomorrow and five days on in the school's calendar (Asia/Shanghai), as the phone's datetime picker takes them. */
function leaveDays() {
  const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  return { today: day(0), second: day(2), later: day(5), todayLabel: day(0).slice(5), secondLabel: day(2).slice(5) };
}

interface SecondStudent {
  username: string;
  name: string;
  adviser: string;
  unitName: string;
  /** The day they ask 补卡 for. */
  missedDay?: string;
}

/** The latest past day of the student's running placement, this month or the last, without a check-in. */
async function missedDay(request: APIRequestContext, token: string): Promise<string> {
  const running = (await call<MyPlacementRecords[]>(request, token, 'get', `${RECORD_KINDS.checkin.base}/mine`)).find((p) => p.status === 'active')!;
  const checkedIn = new Set(running.slots.map((slot) => slot.periodStart));
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  for (let back = 1; back <= 40; back++) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    if (day < running.startDate) break;
    if (!checkedIn.has(day)) return day;
  }
  throw new Error('the demo season left this student no day without a check-in');
}

/**
 * A student of the running 岗位实习 already 实习中 (the demo season started every placed one) with an adviser, other
 * than student01 and the one whose 单位变更 the season left waiting at the office.
 */
async function secondPlacement(request: APIRequestContext): Promise<SecondStudent> {
  const [office, admin] = [await login(request, 'office01'), await login(request, 'admin')];
  type Row = { id: string; studentNo: string; studentName: string; unitName: string | null; adviserUserId: string | null; status: string };
  const rows = await call<PageResult<Row>>(request, office, 'get', '/adviser/ti03/apiList', { pageNo: '1', pageSize: '50' });
  const changing = (await call<PageResult<TaskRow>>(request, office, 'get', '/workflow/todo', { page: '1', pageSize: '100' })).records.filter((t) => t.processKey === 'company_change').map((t) => t.applicantName);
  const placed = rows.records.filter((r) => r.unitName && r.adviserUserId && r.studentNo !== '2023010101' && !changing.includes(r.studentName));
  const row = placed.find((r) => r.status === 'active');
  expect(row, 'a student 实习中 with an adviser').toBeTruthy();
  const adviser = await call<{ username: string }>(request, admin, 'get', '/sys/user/queryById', { id: row!.adviserUserId! });
  return { username: row!.studentNo, name: row!.studentName, adviser: adviser.username, unitName: row!.unitName! };
}

const item = (page: Page, text: string) => page.locator('.my-records .adm-list-item').filter({ hasText: text });

/** The phone's 新建 form of a free kind, filled in. */
async function fillLeave(page: Page, from: string, to: string, reason: string) {
  await page.getByRole('button', { name: '新建请假' }).click();
  const editor = page.locator('.record-editor');
  await editor.getByText('事假', { exact: true }).click();
  await editor.getByRole('textbox', { name: '开始时间' }).fill(from);
  await editor.getByRole('textbox', { name: '结束时间' }).fill(to);
  await editor.getByPlaceholder('请说明请假原因与联系方式').fill(reason);
  await editor.getByRole('button', { name: '提交' }).click();
  return editor;
}

async function decideFirstTask(page: Page, applicant: string, processName: string) {
  const list = page.getByRole('region', { name: '我的待办' });
  const row = list.getByRole('row').filter({ hasText: applicant }).filter({ hasText: processName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('region', { name: '审批流程' })).toBeVisible();
  await drawer.getByRole('button', { name: '同意' }).click();
  await expect(list.getByRole('row').filter({ hasText: applicant }).filter({ hasText: processName })).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

let second: SecondStudent;

test.describe('请假、签到与单位变更', () => {
  test.beforeAll(async ({ request }) => {
    second = await secondPlacement(request);
    // The office recorded where 李明 works: 0.02° (about 2.2 km) north of where the phone will say they are.
    const [office, student] = [await login(request, 'office01'), await login(request, 'student01')];
    const running = (await call<MyPlacementRecords[]>(request, student, 'get', `${RECORD_KINDS.checkin.base}/mine`)).find((p) => p.status === 'active');
    const placement = await call<object>(request, office, 'get', '/internship/placement/queryById', { id: running!.id });
    await call(request, office, 'put', '/internship/placement/edit', { ...placement, workAddress: '广州市越秀区', workLatitude: 23.1491, workLongitude: 113.2644, workRadius: 500 });
  });

  test.describe('学生（手机 390×844，离线）', () => {
    test.use({ ...PHONE, serviceWorkers: 'allow' });

    test('student01 files a leave offline, is refused an overlapping one, checks in with the location, and all reaches the server once', async ({ page, context, request }) => {
      const days = leaveDays();
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 23.1291, longitude: 113.2644, accuracy: 18 });
      // The home keeps each kind's list on the device (签到, 请假 among them), as a student's first visit would.
      await signInAs(page, 'student01');
      await expect(page.getByRole('link', { name: /^签到\s*今日未签到/ })).toBeVisible();
      await page.goto('#/internship/leave');
      await expect(page.getByRole('button', { name: '新建请假' })).toBeVisible();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });

      await context.setOffline(true);
      const editor = await fillLeave(page, `${days.today}T00:00`, `${days.second}T18:00`, '家中有事，需回家处理两天，电话13800000003。');
      await expect(editor).toBeHidden();
      await expect(item(page, '事假')).toContainText('待同步');

      const overlapping = await fillLeave(page, `${days.second}T09:00`, `${days.second}T12:00`, '复诊，需请假半天。');
      await expect(overlapping.getByText(`与已有请假“${leaveTitle()}”的时间重叠`)).toBeVisible();
      await page.getByRole('button', { name: '返回' }).click();
      await expect(overlapping).toBeHidden();
      await expect(item(page, '事假')).toHaveCount(1);

      await page.goto('#/internship/checkin');
      await page.getByRole('button', { name: '签到', exact: true }).click();
      await expect(page.getByText(/今日已签到 \d\d:\d\d · 已定位（精度约 18 米）/)).toBeVisible();

      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(page.getByText(/今日已签到 .* 已定位/)).toBeVisible();
      await context.setOffline(false);
      await page.goto('#/internship/leave');
      await expect(item(page, '事假')).toContainText('审批中', { timeout: 30_000 });

      const token = await login(request, 'student01');
      const leaves = (await call<MyPlacementRecords[]>(request, token, 'get', '/appQxj/appQxj01/mine')).flatMap((p) => p.slots.flatMap((s) => (s.record ? [s.record] : [])));
      expect(leaves.map((r) => ({ title: r.title, status: r.status }))).toEqual([{ title: leaveTitle(), status: 'pending' }]);
      const checkins = (await call<MyPlacementRecords[]>(request, token, 'get', '/internship/checkin/mine')).flatMap((p) => p.slots.flatMap((s) => (s.record ? [s.record] : [])));
      expect(checkins.map((r) => ({ location: r.values.location, accuracy: r.values.accuracy }))).toEqual([{ location: 'granted', accuracy: '18' }]);

      // 互动 about the leave: asked from the record, the thread named after it.
      await item(page, '事假').click();
      await page.getByRole('link', { name: '就这份请假向老师提问' }).click();
      await expect(page.getByText(`关于记录：${leaveTitle()}`)).toBeVisible();
      await expect(page.getByPlaceholder('例如：关于加班')).toHaveValue(threadTitle());
      await page.getByPlaceholder('想问的问题或想说的话').fill('企业安排本周六加班，请假期间还要补班吗？');
      await page.getByRole('button', { name: '发送' }).click();
      await expect(page.locator('.interaction-message')).toHaveText([/企业安排本周六加班/]);
      // The thread is headed by its 主题, not only 互动 in the title bar.
      await expect(page.getByRole('heading', { name: threadTitle() })).toBeVisible();
    });

    test('the second student checks in having refused the location, and asks to change unit', async ({ page, request }) => {
      await signInAs(page, second.username, '#/internship/checkin');
      await page.getByRole('button', { name: '签到', exact: true }).click();
      await expect(page.getByText(/今日已签到 \d\d:\d\d · (学生未授权定位|无法获取定位)/)).toBeVisible();
      // Not silently: the student is told what the adviser will see and how to let the next check-in carry a place.
      await expect(page.getByText(/这次签到没有位置，指导教师会看到“(学生未授权定位|无法获取定位)”/)).toBeVisible();

      const token = await login(request, second.username);
      const units = await call<PageResult<{ id: string; name: string }>>(request, token, 'get', '/internship/change/unitOptions', { pageSize: '50' });
      const target = units.records.find((u) => u.name !== second.unitName)!;
      await page.goto('#/internship/change');
      await page.getByRole('button', { name: '新建单位变更' }).click();
      const editor = page.locator('.record-editor');
      await editor.getByRole('button', { name: '新实习单位' }).click();
      const picker = page.getByRole('dialog', { name: '新实习单位' });
      await picker.getByRole('searchbox').fill(target.name);
      await picker.getByText(target.name, { exact: true }).click();
      await expect(editor.getByRole('button', { name: '新实习单位' })).toContainText(target.name);
      const changeDate = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
      await editor.getByRole('textbox', { name: '变更日期' }).fill(changeDate);
      await editor.getByPlaceholder('请说明变更原因与新岗位情况').fill('原单位岗位调整，转到新单位继续从事相同专业的实习。');
      // The agreement the change requires is a required field under its own name; the refusal stays there until a file is added.
      const agreement = editor.locator('.adm-form-item').filter({ has: page.locator('.adm-form-item-label', { hasText: '新三方协议' }) });
      await expect(agreement.locator('.adm-form-item-required-asterisk')).toBeVisible();
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(agreement.getByRole('alert')).toHaveText('请上传新三方协议');
      await editor.getByPlaceholder('请说明变更原因与新岗位情况').fill('原单位岗位调整，转到新单位继续从事相同专业的实习工作。');
      await expect(agreement.getByRole('alert')).toHaveText('请上传新三方协议');
      await editor.getByLabel('选择文件').setInputFiles({ name: '新三方协议.png', mimeType: 'image/png', buffer: PNG });
      await expect(agreement.getByRole('alert')).toHaveCount(0);
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor).toBeHidden();
      // The row names the new unit.
      await expect(item(page, `单位变更：${target.name}（${changeDate}起）`)).toContainText('审批中', { timeout: 30_000 });
      second.unitName = target.name;

      // A past day of the placement without a check-in is asked for as 补卡, with the reason.
      second.missedDay = await missedDay(request, token);
      await page.goto('#/internship/makeup');
      await page.getByRole('button', { name: '新建补卡' }).click();
      await editor.getByRole('textbox', { name: '补卡日期' }).fill(second.missedDay);
      await editor.getByPlaceholder('请说明当天未能签到的原因').fill('当天手机没电，到岗后忘记签到，班组长可以证明。');
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor).toBeHidden();
      await expect(item(page, `补卡 ${second.missedDay}`)).toContainText('审批中', { timeout: 30_000 });
    });
  });

  test.describe('审批（桌面 1440×900）', () => {
    test.use(DESKTOP);

    test('teacher01 approves the leave from 我的待办 and sees the check-in in 今日签到', async ({ page }) => {
      await signInAs(page, 'teacher01', '#/todo-list');
      await decideFirstTask(page, '李明', '请假');
      await page.goto('#/my-do-list');
      await expect(page.getByRole('region', { name: '我的已办' }).getByRole('row').filter({ hasText: '李明' }).filter({ hasText: '请假' })).toContainText('已通过');

      await page.goto('#/internship/checkin-daily');
      const checkedIn = page.getByRole('row').filter({ hasText: '李明' });
      await expect(checkedIn).toContainText('已定位（精度约 18 米，距实习单位 2.2 公里）');
      await expect(checkedIn).toContainText('超出实习单位签到范围（距实习单位 2.2 公里）');

      await page.goto('#/internship/interaction');
      await page.getByRole('button', { name: threadTitle() }).click();
      const thread = page.getByRole('article', { name: threadTitle() });
      await expect(thread.locator('.interaction-message')).toHaveText([/企业安排本周六加班/]);
      await thread.getByPlaceholder('写下你的回复').fill(REPLY);
      await thread.getByRole('button', { name: '发送' }).click();
      await expect(thread.locator('.interaction-message')).toHaveCount(2);
    });

    test('the adviser approves the 补卡, then the adviser and the 实习办 approve the company change', async ({ page }) => {
      await signInAs(page, second.adviser, '#/todo-list');
      await decideFirstTask(page, second.name, '补卡');
      await decideFirstTask(page, second.name, '单位变更');
      await signInAs(page, 'office01', '#/todo-list');
      await decideFirstTask(page, second.name, '单位变更');
    });
  });

  test.describe('结果（手机 390×844）', () => {
    // teacher01's visit is recorded offline.
    test.use({ ...PHONE, serviceWorkers: 'allow' });

    test('student01 sees the adviser’s reply from the home, the begun leave approved and closes it with a confirmed 销假; an approved leave not yet begun is withdrawn instead', async ({ page, request }) => {
      await signInAs(page, 'student01');
      // The demo season's threads may hold unread messages of their own besides the reply.
      await page.getByRole('link', { name: /^互动\s*\d+ 条新消息未读/ }).click();
      await page.locator('.adm-list-item').filter({ hasText: threadTitle() }).click();
      await expect(page.locator('.interaction-message').last()).toContainText(REPLY);
      await expect(page.locator('.interaction-message').last()).toContainText('指导教师');

      // A second leave, five days on, approved: it has not begun.
      const days = leaveDays();
      const [student, adviser] = [await login(request, 'student01'), await login(request, 'teacher01')];
      const [placement] = await call<MyPlacementRecords[]>(request, student, 'get', '/appQxj/appQxj01/mine');
      const laterId = crypto.randomUUID();
      const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();
      await call(request, student, 'put', `/appQxj/appQxj01/${laterId}`, { enrolmentId: placement!.id, leaveType: 'sick', startsAt: at(days.later, '09:00'), endsAt: at(days.later, '12:00'), content: '复诊，需请假半天。', submit: true });
      const task = (await call<PageResult<TaskRow>>(request, adviser, 'get', '/workflow/todo', { page: '1', pageSize: '100' })).records.find((t) => t.applicantName === '李明' && t.processName === '请假')!;
      await call(request, adviser, 'post', `/workflow/task/${task.id}/decide`, { decision: 'approve' });

      await page.goto('#/internship/leave');
      const begun = item(page, leaveTitle());
      await expect(begun).toContainText('已批准');
      await begun.click();
      const editor = page.locator('.record-editor');
      await expect(editor.locator('.adm-form-item').filter({ hasText: '时长' })).toContainText('共2天18小时');
      await editor.getByRole('button', { name: '销假' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '确认已返回实习岗位？' });
      await confirm.getByRole('button', { name: '确认销假' }).click();
      await expect(begun).toContainText('已销假');
      await begun.click();
      await expect(editor.getByText(/^已销假，返回时间 \d\d-\d\d \d\d:\d\d/)).toBeVisible();
      await page.getByRole('button', { name: '返回' }).click();

      const notBegun = item(page, '病假');
      await expect(notBegun).toContainText('已批准');
      await notBegun.click();
      await expect(editor.getByRole('button', { name: '销假' })).toHaveCount(0);
      await editor.getByRole('button', { name: '撤回申请' }).click();
      await page.getByRole('dialog').filter({ hasText: '撤回这份请假申请？' }).getByRole('button', { name: '撤回' }).click();
      await expect(notBegun).toContainText('已撤回');
    });

    test('teacher01 records a visit to 李明 offline with a photo, and it reaches the server once', async ({ page, context, request }) => {
      await signInAs(page, 'teacher01', '#/internship/visit');
      await expect(page.getByRole('button', { name: '新建走访' })).toBeVisible();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
      // The students are kept on the device, for choosing them offline.
      await expect.poll(() => keptOnDevice(page, 'queryCache', '李明')).toBe(true);
      await context.setOffline(true);
      await page.getByRole('button', { name: '新建走访' }).click();
      const editor = page.locator('.visit-editor');
      // A required single choice stays chosen when its chip is tapped again.
      const onsite = editor.getByRole('option', { name: '实地走访' });
      await expect(onsite).toHaveAttribute('aria-selected', 'true');
      await onsite.click();
      await expect(onsite).toHaveAttribute('aria-selected', 'true');
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor.getByText('请选择走访的学生')).toBeVisible();
      await expect(editor.getByText('请选择走访方式')).toHaveCount(0);
      await editor.getByText(/^李明（/).click();
      const notes = '电话了解李明本周的工作情况，企业反馈良好，提醒按时提交周记。';
      await editor.getByPlaceholder('学生的工作与生活情况、企业的反馈、发现的问题与处理').fill(notes);
      await editor.getByLabel('拍照或选择照片').setInputFiles({ name: '通话记录.png', mimeType: 'image/png', buffer: PNG });
      await expect(editor.getByRole('img', { name: /通话记录/ })).toBeVisible();

      // The draft (student, notes, photo) is on the device: an offline reload loses nothing.
      await expect.poll(() => keptOnDevice(page, 'drafts', notes)).toBe(true);
      await expect.poll(() => keptOnDevice(page, 'drafts', '通话记录')).toBe(true);
      await page.reload();
      await page.getByRole('button', { name: '新建走访' }).click();
      await expect(editor.getByPlaceholder('学生的工作与生活情况、企业的反馈、发现的问题与处理')).toHaveValue(notes);
      await expect(editor.getByRole('option', { name: /^李明（/ })).toHaveAttribute('aria-selected', 'true');
      await expect(editor.getByRole('img', { name: /通话记录/ })).toBeVisible();
      await editor.getByText('电话', { exact: true }).click();
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor).toBeHidden();
      // The demo season's visits of teacher01 have no photos: this one is the visit with one.
      const visit = page.getByRole('region', { name: '走访记录' }).locator('.adm-list-item').filter({ hasText: '电话' }).filter({ hasText: '照片 1 张' });
      await expect(visit).toContainText('待同步');

      await context.setOffline(false);
      await expect(visit).toContainText('已提交', { timeout: 30_000 });
      const token = await login(request, 'teacher01');
      const stored = await call<PageResult<{ mode: string; students: string[]; photoCount: number }>>(request, token, 'get', '/internship/visit/list');
      expect(stored.records.filter((v) => v.photoCount > 0).map((v) => ({ mode: v.mode, students: v.students, photoCount: v.photoCount }))).toEqual([{ mode: 'phone', students: ['李明'], photoCount: 1 }]);
    });

    test('the second student’s change is approved and the placement is at the new unit; the approved 补卡 is a check-in of its day', async ({ page }) => {
      await signInAs(page, second.username, '#/internship/change');
      await expect(item(page, '单位变更')).toContainText('已批准');
      await expect(page.locator('.my-records__head').filter({ hasText: second.unitName })).toHaveCount(1);
      await page.goto('#/internship/makeup');
      await expect(item(page, `补卡 ${second.missedDay}`)).toContainText('已批准');
      await page.goto('#/internship/checkin');
      await expect(item(page, `补卡 ${second.missedDay}`)).toBeVisible();
    });
  });
});
