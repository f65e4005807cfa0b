/**
 * npm run bench:navigation — how long a page takes to show after a menu click (issue 40), in Debian's Chromium
 * (no throttling) against the real server on the demo school:
 * - desktop (1440×900, office01; admin for 学生管理): from the click on a list page's entry in 搜索菜单 to its table's first rows, on the
 *   first visit in a new browser (targets ≤ 1.5 s) and on a warm page after going back to 工作台 (≤ 500 ms);
 * - phone (390×844, student01 and teacher01): from the tap on a menu entry in the drawer to the page's content
 *   (nothing loading any more), on the second visit, its files cached (≤ 300 ms).
 * Each figure is the median of 7 (BENCH_RUNS), timed inside the page from the click's event to the frame that shows
 * the content, so Playwright's own round trips do not count.
 */
import type { Browser, Page } from 'playwright-core';
import { PHONE, appUrl, distToServe, launchChromium, logInThroughForm, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8304;
const APP_URL = appUrl(PORT);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGETS = { desktopFirst: 1500, desktopWarm: 500, phoneWarm: 300 };

/** office01's lists; 学生管理 is not among the 实习办's pages (the basic data are the administrators'), so admin's. */
const DESKTOP_PAGES: Record<string, string[]> = { office01: ['实习安排', '实习单位', '实习统计'], admin: ['学生管理'] };
const PHONE_PAGES: Record<string, string[]> = {
  student01: ['我的周记', '我的月报', '实习计划书', '实习报告', '我的签到', '我的请假', '单位变更', '互动', '实训课表', '实习成绩'],
  teacher01: ['实习记录批阅', '今日签到', '我的待办'],
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Ready = 'rows' | 'content';

/**
 * Clicks and answers the milliseconds from the click's event to the first frame showing the page (polled each
 * frame): for 'rows' the desktop list's first rows; for 'content' the phone page showing something with nothing in
 * it loading any more.
 */
async function timeClick(page: Page, click: () => Promise<void>, ready: Ready): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { benchClickAt: number };
    w.benchClickAt = 0;
    document.addEventListener('click', () => (w.benchClickAt = performance.now()), { capture: true, once: true });
  });
  await click();
  const elapsed = await page.waitForFunction(
    (kind) => {
      const w = window as unknown as { benchClickAt: number };
      if (w.benchClickAt === 0) return false;
      let shown: boolean;
      // Visible rows only: the desktop's tabs keep the pages opened before, hidden, with theirs.
      if (kind === 'rows') shown = [...document.querySelectorAll<HTMLElement>('.desktop-shell__content .ant-table-row')].some((row) => row.offsetParent !== null);
      else {
        const content = document.querySelector<HTMLElement>('.phone-shell__content');
        shown = !!content && content.innerText.trim().length > 10 && ![...content.querySelectorAll('[role=status]')].some((s) => /加载|正在/.test(s.textContent ?? ''));
      }
      return shown ? performance.now() - w.benchClickAt : false;
    },
    ready,
    { polling: 'raf', timeout: 30_000 },
  );
  return Number(await elapsed.jsonValue());
}

async function desktopRun(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await logInThroughForm(page, `${APP_URL}#/user/login`, username);
  const figures: Record<string, { first: number; warm: number }> = {};
  // Through the header's 搜索菜单, which reaches every page whichever folders the side menu has open.
  const open = async (name: string) => {
    await page.locator('.ant-select').filter({ hasText: '搜索菜单' }).click();
    await page.keyboard.type(name);
    const option = page.locator('.ant-select-item-option').filter({ hasText: name }).first();
    await option.waitFor();
    return timeClick(page, () => option.click(), 'rows');
  };
  for (const name of DESKTOP_PAGES[username]!) {
    const first = await open(name);
    await page.evaluate(() => (location.hash = '#/dashboard/workplace'));
    await page.waitForURL(/#\/dashboard\/workplace$/);
    const warm = await open(name);
    await page.evaluate(() => (location.hash = '#/dashboard/workplace'));
    await page.waitForURL(/#\/dashboard\/workplace$/);
    figures[name] = { first, warm };
  }
  await context.close();
  return figures;
}

async function phoneRun(browser: Browser, username: string) {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const page = await context.newPage();
  await logInThroughForm(page, `${APP_URL}#/user/login`, username);
  const figures: Record<string, number> = {};
  const open = async (name: string) => {
    await page.getByRole('button', { name: '菜单' }).click();
    const link = page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name, exact: true });
    await link.waitFor();
    return timeClick(page, () => link.click(), 'content');
  };
  for (const name of PHONE_PAGES[username]!) {
    await open(name);
    await page.evaluate(() => (location.hash = '#/dashboard/workplace'));
    await page.waitForURL(/#\/dashboard\/workplace$/);
    figures[name] = await open(name);
  }
  await context.close();
  return figures;
}

async function main(): Promise<number> {
  const server = startServer({ port: PORT, dataDir: '.tmp/bench-navigation-data', distDir: distToServe('.tmp/bench-navigation-dist') });
  try {
    await waitUntilServing(server, APP_URL);
    const browser = await launchChromium();
    try {
      const desktop: Record<string, { first: number[]; warm: number[] }> = {};
      const phone: Record<string, number[]> = {};
      for (let run = 1; run <= RUNS; run++) {
        process.stdout.write(`第 ${run}/${RUNS} 轮…\n`);
        for (const username of Object.keys(DESKTOP_PAGES)) {
          for (const [name, { first, warm }] of Object.entries(await desktopRun(browser, username))) {
            const key = `${name}（${username}）`;
            desktop[key] ??= { first: [], warm: [] };
            desktop[key].first.push(first);
            desktop[key].warm.push(warm);
          }
        }
        for (const username of Object.keys(PHONE_PAGES)) {
          for (const [name, ms] of Object.entries(await phoneRun(browser, username))) (phone[`${name}（${username}）`] ??= []).push(ms);
        }
      }
      let ok = true;
      const verdict = (ms: number, target: number) => {
        ok &&= ms <= target;
        return `${Math.round(ms)} ms ${ms <= target ? '≤' : '>'} ${target} ms`;
      };
      console.log(`\n桌面 1440×900，点击搜索菜单的结果 → 表格出现首行，${RUNS} 次中位数：`);
      for (const [name, { first, warm }] of Object.entries(desktop)) {
        console.log(`  ${name}: 首次 ${verdict(median(first), TARGETS.desktopFirst)}；再次 ${verdict(median(warm), TARGETS.desktopWarm)}`);
      }
      console.log(`\n手机 390×844，点菜单项 → 页面内容（文件已缓存），${RUNS} 次中位数：`);
      for (const [name, values] of Object.entries(phone)) console.log(`  ${name}: ${verdict(median(values), TARGETS.phoneWarm)}`);
      return ok ? 0 : 1;
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server);
  }
}

runBench(main);
