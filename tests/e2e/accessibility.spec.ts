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
 * violation, every button that shows no text (an icon) has a Chinese accessible name, and on the
 * phone every tap target is at least 44 × 44 px (the title bar, its drawer and bell sheet included). Nothing is
 * saved: the 周记 is opened, not submitted (other specs share student01's weeks), the form is cancelled.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe over the page as it is now (or only over `within`, e.g. a dialog over a page already checked: axe
 * takes seconds a page); a failure lists each rule with where and why, at most 8 places a rule.
 */
async function expectNoSeriousViolations(page: Page, screen: string, within?: string) {
  // A colour measured mid-transition is no colour a user reads (e.g. 提交 fading in once the app is kept offline).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
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

/** The least a finger can hit (WCAG 2.5.5, Apple's and Android's guides): 44 × 44 CSS px. */
const TAP_MIN = 44;

/**
 * Every visible interactive element (within `within`, else the whole page) is at least 44 × 44 px, or
 * has a 44 px hit area: tapping 22 px either side of its centre still lands on it (a padded ::after, a
 * label around an input). A failure lists each element with its size.
 */
async function expectTapTargets(page: Page, screen: string, within = 'body') {
  const small = await page.evaluate(
    ({ min, selector }) => {
      // The roles, and antd-mobile's tappable parts that carry none (capsule tabs, selector chips).
      const interactive =
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], .adm-capsule-tabs-tab, .adm-selector-item';
      const half = min / 2 - 1;
      /** Whether a tap at (x, y) reaches `el`: on it, inside it, or on the label that forwards to it. */
      const reaches = (el: Element, x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        return Boolean(hit && (el.contains(hit) || el.closest('label')?.contains(hit)));
      };
      const root = document.querySelector(selector) ?? document.body;
      return [...root.querySelectorAll(interactive)]
        .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }) && !el.closest('[aria-hidden="true"], [inert]'))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          if (box.width >= min && box.height >= min) return false;
          el.scrollIntoView({ block: 'center', inline: 'center' });
          const { left, top, width, height } = el.getBoundingClientRect();
          const [x, y] = [left + width / 2, top + height / 2];
          return ![
            [x - half, y],
            [x + half, y],
            [x, y - half],
            [x, y + half],
          ].every(([px, py]) => reaches(el, px!, py!));
        })
        .map((el) => {
          const { width, height } = el.getBoundingClientRect();
          const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 20);
          return `${Math.round(width)}×${Math.round(height)} ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}「${name}」`;
        });
    },
    { min: TAP_MIN, selector: within },
  );
  expect.soft(small.length, `${screen}有小于 ${TAP_MIN}×${TAP_MIN} 的点按目标：\n${small.join('\n')}`).toBe(0);
}

test.describe('手机 390×844', () => {
  test.use(PHONE);

  test('the login page, the student’s home and the 周记 editor', async ({ page, request }) => {
    await page.goto('#/user/login');
    await expect(loginForm(page).submit).toBeVisible();
    await expectAccessible(page, '登录页');
    await expectTapTargets(page, '登录页');
    // 文件核验, reached from it without logging in, with a code that was never issued (the form's error).
    await page.getByRole('link', { name: '文件核验' }).click();
    await page.getByPlaceholder('如 K7QW2-M9XTD').fill('AAAAA-AAAAA');
    await page.getByRole('button', { name: '核验' }).click();
    await expect(page.getByRole('alert')).toContainText('未找到该核验码');
    await expectAccessible(page, '文件核验');
    await expectTapTargets(page, '文件核验');
    await page.goto('#/user/login');

    await loginAs(page, 'student01');
    // The home with what it loads: the 周记 to do, the student's own internship and the unread messages.
    await expect(page.getByRole('region', { name: '待办事项' }).getByText('2026届岗位实习')).toBeVisible();
    await expect(page.getByRole('article', { name: '2026届岗位实习' })).toBeVisible();
    await expect(page.getByText(/未读通知 \d+ 条/)).toBeVisible();
    await expectAccessible(page, '学生首页');
    await expectTapTargets(page, '学生首页');

    // The title bar's sheets: the menu drawer and the bell's messages.
    await page.getByRole('button', { name: '菜单' }).click();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
    await expectTapTargets(page, '菜单', '.phone-shell__drawer');
    await page.locator('.adm-mask').last().click({ position: { x: 10, y: 400 } });
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
    await page.getByRole('button', { name: /^消息通知/ }).click();
    const bellSheet = page.getByRole('dialog', { name: '消息通知' });
    await expect(bellSheet.getByRole('tab').first()).toBeVisible();
    await expectTapTargets(page, '消息', '.phone-notice__dialog');
    await page.locator('.adm-mask').last().click({ position: { x: 200, y: 40 } });
    await expect(bellSheet).toBeHidden();

    // The current week, the one without a summary: the empty editor with its photo picker.
    const token = (await apiLogin(request, 'student01', DEMO_PASSWORD))!;
    const mine = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers: { 'X-Access-Token': token } })).json()) as { result: MyPlacementRecords[] };
    const { periodNo: weekNo } = mine.result[0]!.slots[0]!;
    await page.goto('#/internship/weekly');
    const week = page.locator('.adm-list-item').filter({ hasText: `第${weekNo}周（` });
    await expect(week).toBeVisible();
    await expectTapTargets(page, '我的周记');
    await week.click();
    const editor = page.locator('.record-editor');
    await expect(editor.getByPlaceholder('本周的工作内容、收获与体会')).toBeVisible();
    await expect(editor.getByRole('button', { name: '提交' })).toBeEnabled();
    await expectAccessible(page, '周记编辑');
    await expectTapTargets(page, '周记编辑');
  });
});

test.describe('手机 390×844（指导教师）', () => {
  test.use(PHONE);

  test('the review list’s kind and status tabs are a finger’s size', async ({ page }) => {
    await loginAs(page, 'teacher01');
    await page.goto('#/internship/review');
    await expect(page.locator('.record-review-phone__kinds .adm-capsule-tabs-tab').first()).toBeVisible();
    await expect(page.locator('.record-review-phone').getByRole('tab').first()).toBeVisible();
    await expectTapTargets(page, '实习记录批阅');
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
