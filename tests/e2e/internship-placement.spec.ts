import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiLogin } from './support/api.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { signInAs, systemNotice } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { API_URL } from './support/server.ts';
import { CREDIT_CODE_CHARS, creditCodeCheckChar } from '@contract/internship-unit.ts';

/**
 * 实习安排 as the internship office uses it on desktop: advisers assigned in bulk to the chosen placements,
 * and a placement of a student under 16 refused by the 2021 rules, first in the checklist beside the form,
 * then by the server when saved anyway; the school's 三方协议 worded in 文书模板 and printed for a placement.
 */

const PLACEMENT_URL = '#/internship/placement';
const table = (page: Page) => page.locator('.shell-page:not([hidden]) .ant-table').first();
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

type Envelope<T> = { success: boolean; message: string; result: T };
type Student = { id: string; userId: string; name: string; studentNo: string; birthday: string | null } & Record<string, unknown>;

/** A student of 机电一体化技术2024级1班 (in no demo program), as 学生管理 holds them, through the admin's API. */
async function firstStudent(request: APIRequestContext, token: string): Promise<Student> {
  const response = await request.get(`${API_URL}/basic/student/list`, { headers: { 'X-Access-Token': token }, params: { classId: 'class-20240301', pageSize: 1, column: 'studentNo', order: 'asc' } });
  const body = (await response.json()) as Envelope<{ records: Student[] }>;
  return body.result.records[0]!;
}

async function setBirthday(request: APIRequestContext, token: string, student: Student, birthday: string | null) {
  const { studentNo, name, sex, phone, classId, grade, status, accountStatus } = student;
  const response = await request.put(`${API_URL}/basic/student/edit`, { headers: { 'X-Access-Token': token }, data: { id: student.id, studentNo, name, sex, birthday, phone, classId, grade, status, accountStatus } });
  expect(((await response.json()) as Envelope<unknown>).success, '修改出生日期失败').toBe(true);
}

async function pickDate(page: Page, form: ReturnType<Page['getByRole']>, label: string, value: string) {
  await form.getByLabel(label, { exact: true }).click();
  await form.getByLabel(label, { exact: true }).fill(value);
  await page.keyboard.press('Enter');
}

/** Types into a picker and chooses the first match; resolves to the chosen row's label. */
async function pickRef(page: Page, input: ReturnType<Page['getByRole']>, typed: string, option: string | RegExp): Promise<string> {
  await input.click();
  await input.fill(typed);
  const match = dropdown(page).locator('.resource-ref__option').filter({ hasText: option }).first();
  const label = (await match.evaluate((el) => el.firstChild?.textContent ?? '')).trim();
  await match.click();
  return label;
}

test.describe('实习安排（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the office assigns an adviser to the chosen placements at once', async ({ page }) => {
    await signInAs(page, 'office01', PLACEMENT_URL);
    const search = page.getByRole('search', { name: '查询实习安排' });
    // Only 未开始 placements: student01's (实习中) keeps teacher01, whom the 周记 specs need.
    await search.getByLabel('状态').click();
    await dropdown(page).getByText('未开始', { exact: true }).click();
    await search.getByRole('button', { name: /^查\s?询$/ }).click();
    const rows = table(page).locator('tbody tr.ant-table-row');
    await expect(rows.first()).toContainText('未开始');
    const chosen = [await rows.nth(0).locator('td').nth(1).innerText(), await rows.nth(1).locator('td').nth(1).innerText()];
    await rows.nth(0).getByRole('checkbox', { name: '选择此行' }).check();
    await rows.nth(1).getByRole('checkbox', { name: '选择此行' }).check();
    await expect(page.getByText('已选择 2 项')).toBeVisible();

    await page.getByRole('button', { name: '分配指导教师' }).click();
    const dialog = page.getByRole('dialog', { name: '为 2 名学生分配指导教师' });
    const adviser = await pickRef(page, dialog.getByRole('combobox'), 'T2016', /T2016/);
    expect(adviser).not.toBe('');
    await dialog.getByRole('button', { name: /分\s?配/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('已为 2 名学生分配指导教师')).toBeVisible();
    for (const student of chosen) await expect(table(page).getByRole('row').filter({ hasText: student })).toContainText(adviser);
    await expect(table(page).getByRole('columnheader', { name: '状态' })).toBeInViewport();

    // Past the page: every 未开始 placement the search matches, sent as the search (the server applies it).
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/共 (\d+) 条/)![1]);
    await table(page).getByRole('checkbox', { name: '全选本页' }).check();
    await page.getByRole('button', { name: `选择全部 ${total} 项符合条件的记录` }).click();
    await expect(page.getByText(`已选择全部 ${total} 项符合条件的记录`)).toBeVisible();
    await page.getByRole('button', { name: '分配指导教师' }).click();
    const all = page.getByRole('dialog', { name: `为 ${total} 名学生分配指导教师` });
    await expect(all).toBeVisible();
    await all.getByRole('button', { name: /取\s?消/ }).click();
    await expect(all).toBeHidden();
  });

  test('the office words the school’s 三方协议 in 文书模板 and prints a placement’s, filled from it', async ({ page }) => {
    await signInAs(page, 'office01', PLACEMENT_URL);
    await page.getByRole('button', { name: '文书模板' }).click();
    const editor = page.getByRole('dialog', { name: '文书模板' });
    const form = editor.getByRole('form', { name: '三方协议模板' });
    await expect(form.getByLabel('标题')).toHaveValue('学生岗位实习三方协议');
    await form.getByLabel('标题').fill('示范学院学生岗位实习三方协议');
    // A placeholder the template does not know is refused by name; a listed one is inserted where the cursor is.
    const body = form.getByRole('textbox', { name: /正文/ });
    await body.fill('丙方：{学生姓名}，实习单位：{实习公司}');
    await form.getByRole('button', { name: '保存模板' }).click();
    await expect(form.getByText('不认识的占位符：{实习公司}')).toBeVisible();
    await body.fill('丙方：{学生姓名}，实习单位：{实习单位}，岗位：');
    await editor.getByText('{岗位}', { exact: true }).click();
    await expect(body).toHaveValue('丙方：{学生姓名}，实习单位：{实习单位}，岗位：{岗位}');
    await form.getByRole('button', { name: '保存模板' }).click();
    await expect(page.getByText('模板已保存')).toBeVisible();
    await expect(form.getByText(/周老师 保存于/)).toBeVisible();
    await editor.getByRole('button', { name: /关\s?闭|Close/ }).click();

    const row = table(page).locator('tbody tr.ant-table-row').first();
    const student = (await row.locator('td').nth(1).innerText()).trim();
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '三方协议' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`三方协议-${student}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await file.path())!))), { mergePages: true });
    expect(text).toContain('示范学院学生岗位实习三方协议');
    expect(text).toContain(`丙方：${student}`);
    expect(text).toMatch(/核验码 [A-Z0-9]{5}-[A-Z0-9]{5}/);
  });

  test('合规检查: the office sees what 2026届岗位实习’s placements lack, exports it and reminds those concerned', async ({ page }) => {
    await signInAs(page, 'office01', '#/internship/compliance');
    await page.getByRole('combobox', { name: '实习计划' }).click();
    await dropdown(page).getByTitle('2026届岗位实习', { exact: true }).click();
    const summary = page.getByRole('alert').filter({ hasText: '共检查' });
    await expect(summary).toContainText(/共检查 \d+ 名学生，\d+ 名材料不全：三方协议 \d+/);
    const lacking = Number(/(\d+) 名材料不全/.exec(await summary.innerText())![1]);
    await expect(page.locator('.ant-table-row').first().locator('.ant-tag').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    expect((await download).suggestedFilename()).toBe('2026届岗位实习合规检查.xlsx');
    await page.getByRole('button', { name: '一键提醒' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '发送提醒' }).click();
    await expect(page.getByText(new RegExp(`^已提醒${lacking}名学生、\\d+位指导教师$`))).toBeVisible();
  });

  test('实习上报: a clerk exports 2026届岗位实习’s plan and finds student01’s row in the template’s columns', async ({ page }) => {
    await signInAs(page, 'office01', '#/internship/reporting');
    await page.getByRole('combobox', { name: '实习计划' }).click();
    await dropdown(page).getByTitle('2026届岗位实习', { exact: true }).click();
    await expect(page.getByText(/^实习计划：该实习计划每个实习安排一行/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('2026届岗位实习实习计划上报（全国）.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const rows = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .filter(Boolean)
        .map((row) => Array.from((row as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : String(v))));
    const [header, ...data] = rows('实习计划');
    const at = (name: string) => header!.indexOf(name);
    const own = data.find((r) => r[at('学号')] === '2023010101')!;
    expect(own[at('学生姓名')]).toBe('李明');
    expect(own[at('实习类型')]).toBe('2');
    expect(own[at('实习单位名称')]).not.toBe('');
    expect(own[at('统一社会信用代码')]).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
    const provenance = new Map(rows('数据来源说明').map(([k, v]) => [k, v]));
    expect(provenance.get('生成人')).toContain('office01');
    expect(provenance.get('数据行SHA-256')).toMatch(/^[0-9a-f]{64}$/);
  });

  test('例外备案: a placement over the unit’s 10 % is asked as an exception, approved in 我的待办, then saved', async ({ page }) => {
    const [office, admin] = await Promise.all(['office01', 'admin'].map(async (user) => (await apiLogin(page.request, user, DEMO_PASSWORD))!));
    const call = async <T,>(method: 'get' | 'post', path: string, body?: object, token = office): Promise<T> => {
      const headers = { 'X-Access-Token': token! };
      const response = method === 'get' ? await page.request.get(`${API_URL}${path}`, { headers, params: body as Record<string, string> }) : await page.request.post(`${API_URL}${path}`, { headers, data: body });
      const envelope = (await response.json()) as Envelope<T>;
      expect(envelope.success, `${path}：${envelope.message}`).toBe(true);
      return envelope.result;
    };
    // A unit of 10 employees 合作中 with one student already placed: the next is over its 10 %.
    const body = `91440300${Array.from({ length: 9 }, () => CREDIT_CODE_CHARS[Math.floor(Math.random() * 31)]).join('')}`;
    const name = `例外测试科技有限公司${body.slice(-4)}`;
    const unit = await call<{ id: string }>('post', '/internshipunit/ti04/add', { name, creditCode: body + creditCodeCheckChar(body), industry: 'it', region: 'dongguan', employeeCount: 10 });
    await call('post', '/internshipunit/ti04/review', { id: unit.id, action: 'approve', comment: '资质齐全' });
    const post = await call<{ id: string }>('post', '/internshipunit/ti04/post/add', { unitId: unit.id, name: '装配实习生', headcount: 10, probationWage: 3000 });
    const [program] = (await call<{ records: { id: string; startDate: string; endDate: string }[] }>('get', '/internshipprogram/ti01/list', { name: '2026届岗位实习' })).records;
    const students = (await call<{ records: Student[] }>('get', '/basic/student/list', { classId: 'class-20240301', pageSize: '3', column: 'studentNo', order: 'asc' }, admin)).records;
    const [, first, second] = students;
    await call('post', '/internship/placement/add', { programId: program!.id, studentUserId: first!.userId, unitId: unit.id, postId: post.id, startDate: program!.startDate, endDate: program!.endDate, monthlyPay: 3000, noFeeConfirmed: true, workTermsConfirmed: true });

    await signInAs(page, 'office01', PLACEMENT_URL);
    const fill = async () => {
      await page.getByRole('button', { name: '新增' }).click();
      const form = page.getByRole('dialog', { name: '新增实习安排' });
      await pickRef(page, form.getByLabel('实习计划', { exact: true }), '2026届', '2026届岗位实习');
      await pickRef(page, form.getByLabel('学生', { exact: true }), second!.studentNo, second!.name);
      await pickRef(page, form.getByLabel('实习单位', { exact: true }), name, name);
      await pickRef(page, form.getByLabel('岗位', { exact: true }), '装配', '装配实习生');
      await form.getByLabel('实习报酬（元/月）').fill('3000');
      await form.getByLabel('未向学生收取任何费用').click();
      await form.getByLabel('协议约定不安排夜班、节假日和加班').click();
      return form;
    };
    let form = await fill();
    const limit = form.getByRole('complementary', { name: '实习规定核对' }).getByRole('listitem', { name: /^不符合：岗位实习学生的人数原则上不超过实习单位在岗职工总数的10%/ });
    await expect(limit).toContainText('该单位岗位实习学生将达 2 人，超过在岗职工总数 10 人的 10%（1 人）');
    await limit.getByRole('button', { name: '申请例外备案' }).click();
    const ask = page.getByRole('dialog', { name: '申请例外备案：超过单位在岗职工10%' });
    await ask.getByRole('button', { name: '提交审批' }).click();
    await expect(ask.getByText('请填写申请理由')).toBeVisible();
    await ask.getByLabel('申请理由').fill('该单位为学校产教融合基地，带教力量充足');
    await ask.getByLabel('选择证明材料文件').setInputFiles({ name: '基地说明.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await expect(ask.getByText('基地说明.pdf')).toBeVisible();
    await ask.getByRole('button', { name: '提交审批' }).click();
    await expect(page.getByText('例外备案申请已提交，待实习办审批')).toBeVisible();
    await expect(limit.getByText('例外备案审批中', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: /取\s?消/ }).click();

    await page.goto('#/todo-list');
    const todo = page.getByRole('region', { name: '我的待办' });
    const task = todo.getByRole('row').filter({ hasText: `例外备案：${second!.name}` });
    await task.getByRole('button').first().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('证明材料：基地说明.pdf', { exact: false })).toBeVisible();
    await drawer.getByRole('button', { name: '同意' }).click();
    await expect(todo.getByRole('row').filter({ hasText: `例外备案：${second!.name}` })).toHaveCount(0);

    await page.goto(PLACEMENT_URL);
    form = await fill();
    await expect(form.getByRole('complementary', { name: '实习规定核对' }).getByRole('listitem', { name: /^符合：岗位实习学生的人数原则上不超过实习单位在岗职工总数的10%/ })).toContainText('已例外备案');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(/添加成功/)).toBeVisible();
  });

  test('a 岗位实习 for a student under 16 is refused: in the checklist before saving, then by the server', async ({ page }) => {
    const admin = (await apiLogin(page.request, 'admin', DEMO_PASSWORD))!;
    const student = await firstStudent(page.request, admin);
    const today = new Date();
    const start = day(today);
    const end = day(new Date(today.getTime() + 14 * 86_400_000));
    await setBirthday(page.request, admin, student, `${today.getFullYear() - 15}-01-01`);
    try {
      await signInAs(page, 'office01', PLACEMENT_URL);
      await page.getByRole('button', { name: '新增' }).click();
      const form = page.getByRole('dialog', { name: '新增实习安排' });
      await pickRef(page, form.getByLabel('实习计划', { exact: true }), '2026届', '2026届岗位实习');
      await pickRef(page, form.getByLabel('学生', { exact: true }), student.studentNo, student.name);
      // The dates start as the program's; a long label wraps instead of being cut off.
      await expect(form.getByLabel('开始日期', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await expect(form.getByLabel('结束日期', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      const label = form.locator('.ant-form-item-label').filter({ hasText: '协议约定不安排夜班、节假日和加班' });
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await pickDate(page, form, '开始日期', start);
      await pickDate(page, form, '结束日期', end);

      const refusal = `${student.name}在${start}时15周岁，未满16周岁`;
      const checklist = form.getByRole('complementary', { name: '实习规定核对' });
      await expect(checklist.getByRole('listitem', { name: /^不符合：不得安排、接收未满16周岁的学生进行岗位实习/ })).toContainText(refusal);
      await expect(checklist.getByRole('listitem', { name: /^符合：实习安排的起止日期应在实习计划的起止日期之内/ })).toBeVisible();

      await form.getByRole('button', { name: /确\s?定/ }).click();
      await expect(systemNotice(page, refusal)).toBeVisible();
      await expect(form).toBeVisible();
    } finally {
      await setBirthday(page.request, admin, student, student.birthday);
    }
  });
});
