import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { MyPlacementRecords } from '../../contract/records.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { loginAs, loginForm } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { dialogTitled } from './support/shell.ts';
import { API_URL } from './support/server.ts';

/**
 * Accessibility (issue 15): axe's WCAG 2.1 A and AA rules over the login page, the student's home and
 * the 周记 editor on a phone, and a list page with its add form on desktop. No serious or critical
 * violation, and every button that shows no text (an icon) has a Chinese accessible name. Nothing is
 * saved: the 周记 is opened, not submitted (other specs share student01's weeks), the form is cancelled.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe over the page as it is now (or only over `within`, e.g. a dialog over a page already checked: axe
 * takes seconds a page); a failure lists each rule with where and why, at most 8 places a rule.
 */
async function expectNoSeriousViolations(page: Page, screen: string, within?: string) {
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const places = v.nodes.slice(0, 8).map((n) => `    ${n.target.join(' ')}：${(n.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '')}`);
      const more = v.nodes.length > 8 ? [`    ……另有 ${v.nodes.length - 8} 处`] : [];
      return [`${v.id}（${v.impact}）${v.help}`, ...places, ...more].join('\n');
    });
  expect.soft(serious.length, `${screen}有严重的无障碍问题：\n${serious.join('\n')}`).toBe(0);
}

/** Every visible button that shows no letter or digit (an icon) is named in Chinese, for a screen reader. */
async function expectIconButtonsNamedInChinese(page: Page, screen: string) {
  const unnamed = await page.evaluate(() => {
    const chinese = /[\u4e00-\u9fa5]/;
    const visibleText = /[\p{L}\p{N}]/u;
    const nameOf = (el: Element) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      return [byIds, el.getAttribute('aria-label'), el.getAttribute('title'), ...[...el.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt'))].filter(Boolean).join(' ');
    };
    return [...document.querySelectorAll('button, [role="button"], a[href]')]
      .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }) && !el.closest('[aria-hidden="true"]'))
      .filter((el) => !visibleText.test((el as HTMLElement).innerText))
      .filter((el) => !chinese.test(nameOf(el)))
      .map((el) => el.outerHTML.slice(0, 200));
  });
  expect.soft(unnamed.length, `${screen}有图标按钮没有中文名称：\n${unnamed.join('\n')}`).toBe(0);
}

async function expectAccessible(page: Page, screen: string, within?: string) {
  await expectNoSeriousViolations(page, screen, within);
  await expectIconButtonsNamedInChinese(page, screen);
}

test.describe('手机 390×844', () => {
  test.use(PHONE);

  test('the login page, the student’s home and the 周记 editor', async ({ page, request }) => {
    await page.goto('#/user/login');
    await expect(loginForm(page).submit).toBeVisible();
    await expectAccessible(page, '登录页');

    await loginAs(page, 'student01');
    // The home with what it loads: the 周记 to do and the unread messages.
    await expect(page.getByText('2026届岗位实习')).toBeVisible();
    await expect(page.getByText(/未读通知 \d+ 条/)).toBeVisible();
    await expectAccessible(page, '学生首页');

    // The current week, the one without a summary: the empty editor with its photo picker.
    const token = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
    const mine = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
    const { periodNo: weekNo } = mine.result[0]!.slots[0]!;
    await page.goto('#/internship/weekly');
    await page.locator('.adm-list-item').filter({ hasText: `第${weekNo}周（` }).click();
    const editor = page.locator('.record-editor');
    await expect(editor.getByPlaceholder('本周的工作内容、收获与体会')).toBeVisible();
    await expectAccessible(page, '周记编辑');
  });
});

test.describe('桌面 1440×900', () => {
  test.use(DESKTOP);

  test('学生管理 and its 新增 form', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('#/basic/student');
    // The school's 2,000 students: the first page may take a while on a busy machine.
    await expect(page.locator('.shell-page:not([hidden]) .ant-table tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, '学生管理');

    await page.locator('.shell-page:not([hidden])').getByRole('button', { name: '新增' }).click();
    const form = dialogTitled(page, '新增学生');
    await expect(form).toBeVisible();
    await expectAccessible(page, '新增学生', '.ant-modal-wrap');
    await form.getByRole('button', { name: /取\s?消/ }).click();
    await expect(form).toBeHidden();
  });
});
