/**
 * npm run bench:lighthouse — Lighthouse (npm) on the pages students and teachers open (issue 40): the login page,
 * the student's home and every page a student opens from it, the adviser's phone pages (mobile, default
 * throttling), and the office's list pages (desktop preset), each logged in as its person; and in the same run two
 * anchors built by the bench (scripts/bench-anchors.ts): a minimal antd-mobile list and a minimal antd Table of 20
 * rows, with each page's LCP printed as a ratio to its anchor's. BENCH_PAGES=周记,签到 measures only the pages whose
 * names hold one of the words (the anchors always); BENCH_RUNS sets the runs per page (3).
 *
 * Serves a current build (as bench:bundle decides) through the real server on the demo school (port
 * 8302, PGlite in .tmp/bench-lighthouse-data) and runs Lighthouse in Debian's Chromium headless shell
 * (package chromium-headless-shell; CHROMIUM_PATH=/usr/bin/chromium for the full browser), started by
 * chrome-launcher: mobile, default (simulated) throttling, 3 runs per page, each with a cold HTTP
 * cache and no service worker (Lighthouse clears them; local storage stays, so the student's login,
 * made once through the form in the same browser, holds for the home page's runs). Prints the median
 * of each score and metric, and the audits of 无障碍 and 最佳实践 that did not pass with their elements.
 * Each run's report is kept in .tmp/bench-lighthouse/. Exits 1 when a page misses a target: performance ≥ 95, accessibility 100, best practices 100.
 * Also prints, from each run's trace, the main thread's time after first paint on the clock and on the CPU
 * (lighthouse-main-thread.ts): how much of the blocking time is the app's code, and how much is waiting for a core.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { serveAnchors } from './bench-anchors.ts';
import { ROOT, appUrl, distToServe, logInThroughForm, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';
import { mainThreadAfterFcp, type MainThreadFigures, type TraceEvent } from './lighthouse-main-thread.ts';

const PORT = 8302;
const APP_URL = appUrl(PORT);
const DATA_DIR = '.tmp/bench-lighthouse-data';
const OWN_DIST = '.tmp/bench-lighthouse-dist';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ANCHOR_PORT = 8303;
const ONLY = (process.env.BENCH_PAGES ?? '').split(',').map((word) => word.trim()).filter(Boolean);

type Device = 'phone' | 'desktop';
interface BenchPage {
  name: string;
  file: string;
  /** The hash route. */
  path: string;
}
interface Audience {
  username: string;
  device: Device;
  pages: BenchPage[];
}

/** Who opens which pages, as issue 40 names them: the student's from the 工作台, the adviser's phone pages, the office's lists. */
const AUDIENCES: Audience[] = [
  {
    username: 'student01',
    device: 'phone',
    pages: [
      { name: '学生首页', file: 'student-home', path: '/dashboard/workplace' },
      { name: '我的周记', file: 'student-weekly', path: '/internship/weekly' },
      { name: '我的月报', file: 'student-monthly', path: '/internship/monthly' },
      { name: '实习计划书', file: 'student-plan', path: '/internship/plan' },
      { name: '实习报告', file: 'student-report', path: '/internship/report' },
      { name: '签到', file: 'student-checkin', path: '/internship/checkin' },
      { name: '请假', file: 'student-leave', path: '/internship/leave' },
      { name: '单位变更', file: 'student-change', path: '/internship/change' },
      { name: '互动', file: 'student-interaction', path: '/internship/interaction' },
      { name: '实训课表', file: 'student-timetable', path: '/practice/timetable' },
      { name: '实习成绩', file: 'student-score', path: '/internship/score' },
    ],
  },
  {
    username: 'teacher01',
    device: 'phone',
    pages: [
      { name: '实习记录批阅', file: 'adviser-review', path: '/internship/review' },
      { name: '今日签到', file: 'adviser-checkin-daily', path: '/internship/checkin-daily' },
      { name: '我的待办', file: 'adviser-todo', path: '/todo-list' },
    ],
  },
  {
    username: 'office01',
    device: 'desktop',
    pages: [
      { name: '实习安排', file: 'office-placement', path: '/internship/placement' },
      { name: '实习单位', file: 'office-unit', path: '/internship/unit' },
      { name: '实习统计', file: 'office-stats', path: '/internship/stats' },
    ],
  },
  // 学生管理 is not among the 实习办's pages (the basic data are the administrators').
  { username: 'admin', device: 'desktop', pages: [{ name: '学生管理', file: 'admin-student', path: '/basic/student' }] },
];
const VIEWPORTS: Record<Device, { width: number; height: number }> = { phone: { width: 412, height: 823 }, desktop: { width: 1350, height: 940 } };
const chosen = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.includes(word));
/** Each run's whole report, to open in a Lighthouse viewer (https://googlechrome.github.io/lighthouse/viewer/). */
const REPORT_DIR = '.tmp/bench-lighthouse';
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORY_NAMES: Record<Category, string> = { performance: '性能', accessibility: '无障碍', 'best-practices': '最佳实践' };
const METRICS = [
  { id: 'first-contentful-paint', name: 'FCP', format: (v: number) => `${(v / 1000).toFixed(2)} s` },
  { id: 'largest-contentful-paint', name: 'LCP', format: (v: number) => `${(v / 1000).toFixed(2)} s` },
  { id: 'total-blocking-time', name: 'TBT', format: (v: number) => `${Math.round(v)} ms` },
  { id: 'cumulative-layout-shift', name: 'CLS', format: (v: number) => v.toFixed(3) },
] as const;
/**
 * The headless shell: the same Blink and V8 as Debian's chromium, without the desktop browser's hidden
 * window. That window draws its tab's loading animation while the page loads, in the browser and GPU
 * processes: on 2 cores, some 230 ms of CPU in the load's first 1.5 s taken from the page (a phone's
 * browser does not share the page's cores that way), and 5 to 10 points off the score.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL;
const CHROMIUM_FLAGS = [
  ...(CHROMIUM_PATH === HEADLESS_SHELL ? [] : ['--headless=new']),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface PageReport {
  name: string;
  device: Device;
  version: string;
  /** The browser's own name and version, as its user agent gives them. */
  browser: string;
  scores: Record<Category, number>;
  metrics: number[];
  /** Audits of 无障碍 and 最佳实践 below full marks in any run, with the elements or addresses named. */
  failures: string[];
  /** The main thread after first paint, medians of the runs (lighthouse-main-thread.ts). */
  mainThread?: MainThreadFigures;
}

interface Run {
  lhr: Result;
  mainThread?: MainThreadFigures;
}

async function runLighthouse(chrome: LaunchedChrome, url: string, device: Device, attempt = 1): Promise<Run> {
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS), locale: 'zh' };
  const result = await lighthouse(url, flags, device === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse 没有结果：${url}`);
  // A trace Lighthouse itself failed to record (NO_NAVSTART and the like) says nothing of the page: once more.
  if (result.lhr.runtimeError && attempt < 3) return runLighthouse(chrome, url, device, attempt + 1);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse 出错：${result.lhr.runtimeError.message}`);
  // A page that sent Lighthouse elsewhere (the home page to the login form) was not the page measured.
  if (result.lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse 停在了 ${result.lhr.finalDisplayedUrl}，不是 ${url}`);
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const slowdown = result.lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
  return { lhr: result.lhr, mainThread: trace && mainThreadAfterFcp(trace.traceEvents, slowdown) };
}

/** Where a failed audit points: the elements' selectors, else the addresses or descriptions of its items. */
function itemsOf(audit: Result['audits'][string]): string[] {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? []).slice(0, 5).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node?.selector) return `${node.selector} ${node.snippet ?? ''}`.trim();
    return String(item.url ?? item.source ?? item.description ?? JSON.stringify(item)).slice(0, 160);
  });
}

async function measure(chrome: LaunchedChrome, name: string, file: string, url: string, device: Device): Promise<PageReport> {
  const runs: Result[] = [];
  const threads: MainThreadFigures[] = [];
  for (let i = 1; i <= RUNS; i++) {
    process.stdout.write(`  ${name} 第 ${i}/${RUNS} 次…`);
    const { lhr, mainThread } = await runLighthouse(chrome, url, device);
    runs.push(lhr);
    if (mainThread) threads.push(mainThread);
    writeFileSync(path.join(ROOT, REPORT_DIR, `${file}-${i}.json`), JSON.stringify(lhr));
    console.log(` 性能 ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
  }
  const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const failures = new Set<string>();
  for (const lhr of runs) {
    for (const category of ['accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id]!;
        if (ref.weight === 0 || audit.score === null || audit.score === 1) continue;
        failures.add(`${CATEGORY_NAMES[category]} ${ref.id}（${audit.title}）${itemsOf(audit).map((item) => `\n      ${item}`).join('')}`);
      }
    }
  }
  return {
    name,
    device,
    version: runs[0]!.lighthouseVersion,
    browser: runs[0]!.environment.hostUserAgent.match(/HeadlessChrome\/[\d.]+/)?.[0] ?? runs[0]!.environment.hostUserAgent,
    scores: Object.fromEntries((Object.keys(TARGETS) as Category[]).map((c) => [c, median(runs.map((lhr) => score(lhr, c)))])) as Record<Category, number>,
    metrics: METRICS.map((m) => median(runs.map((lhr) => lhr.audits[m.id]?.numericValue ?? Number.NaN))),
    failures: [...failures],
    mainThread:
      threads.length === 0
        ? undefined
        : { wallMs: median(threads.map((t) => t.wallMs)), cpuMs: median(threads.map((t) => t.cpuMs)), wallBlockingMs: median(threads.map((t) => t.wallBlockingMs)), cpuBlockingMs: median(threads.map((t) => t.cpuBlockingMs)) },
  };
}

/**
 * Logs a person in through the login form in Lighthouse's browser at their device's width (after ending any earlier
 * session there), so its local storage keeps the session for the runs, and the student's home as it looked
 * (src/first-paint.js paints it on the next start).
 */
async function logIn(chrome: LaunchedChrome, username: string, device: Device) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.setViewportSize(VIEWPORTS[device]);
    await page.goto(`${APP_URL}#/user/login`);
    await page.evaluate(() => localStorage.clear());
    await logInThroughForm(page, `${APP_URL}#/user/login`, username);
    if (device === 'phone') await page.waitForFunction(() => localStorage.getItem('FIRST_PAINT_HOME') !== null);
    await page.close();
  } finally {
    await browser.close();
  }
}

const LCP = METRICS.findIndex((m) => m.id === 'largest-contentful-paint');

function report(pages: PageReport[], anchors: Record<Device, PageReport>, version: string, browser: string): boolean {
  const header = ['页面', '设备', ...Object.values(CATEGORY_NAMES), ...METRICS.map((m) => m.name), 'LCP/参照'];
  const rows = [...pages, anchors.phone, anchors.desktop].map((p) => [
    p.name,
    p.device === 'phone' ? '手机' : '桌面',
    ...(Object.keys(TARGETS) as Category[]).map((c) => String(p.scores[c])),
    ...METRICS.map((m, i) => m.format(p.metrics[i]!)),
    (p.metrics[LCP]! / anchors[p.device].metrics[LCP]!).toFixed(2),
  ]);
  const width = (text: string) => [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0);
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
  const pad = (text: string, w: number) => text + ' '.repeat(w - width(text));
  console.log(`\nLighthouse ${version}，手机（默认节流）与桌面预设，每页 ${RUNS} 次取中位数：${APP_URL}`);
  console.log('参照页：antd-mobile 列表 20 行（手机），antd Table 20 行（桌面）；LCP/参照 为该页 LCP 与同设备参照页 LCP 之比');
  console.log(`浏览器：${CHROMIUM_PATH}（${browser}）\n`);
  console.log(header.map((h, i) => pad(h, widths[i]!)).join('  '));
  for (const row of rows) console.log(row.map((cell, i) => pad(cell, widths[i]!)).join('  '));

  let ok = true;
  console.log('');
  for (const p of pages) {
    const missed = (Object.keys(TARGETS) as Category[]).filter((c) => p.scores[c] < TARGETS[c]);
    ok &&= missed.length === 0;
    console.log(`${p.name}: ${missed.length === 0 ? 'OK' : missed.map((c) => `${CATEGORY_NAMES[c]} ${p.scores[c]} < ${TARGETS[c]}`).join('，')}`);
    for (const failure of p.failures) console.log(`    ${failure}`);
  }
  console.log(`目标: 性能 ≥ ${TARGETS.performance}，无障碍 ${TARGETS.accessibility}，最佳实践 ${TARGETS['best-practices']}`);
  // Lighthouse multiplies each task's time on the clock; on a machine it shares with Chromium's other
  // processes, itself and the server, the page's main thread waits for a core much of that time.
  console.log('\n首次绘制后的主线程（中位数；阻塞按 4 倍减速、超过 50 ms 的部分计）:');
  for (const p of [...pages, anchors.phone, anchors.desktop]) {
    const t = p.mainThread;
    if (t) console.log(`  ${p.name}: 墙钟 ${Math.round(t.wallMs)} ms，其中占用 CPU ${Math.round(t.cpuMs)} ms；按墙钟算阻塞 ${Math.round(t.wallBlockingMs)} ms，按 CPU 时间算阻塞 ${Math.round(t.cpuBlockingMs)} ms`);
  }
  return ok;
}

async function main(): Promise<number> {
  const distDir = distToServe(OWN_DIST);
  const server = startServer({ port: PORT, dataDir: DATA_DIR, distDir });
  try {
    await waitUntilServing(server, APP_URL);
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`没有 ${CHROMIUM_PATH}：apt-get install -y chromium-headless-shell（或以 CHROMIUM_PATH 指定别的 Chromium）`);
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      mkdirSync(path.join(ROOT, REPORT_DIR), { recursive: true });
      const anchorPages = await serveAnchors(ANCHOR_PORT);
      try {
        const anchors = {
          phone: await measure(chrome, '参照：antd-mobile 列表', 'anchor-phone', anchorPages.phoneUrl, 'phone'),
          desktop: await measure(chrome, '参照：antd 表格', 'anchor-desktop', anchorPages.desktopUrl, 'desktop'),
        };
        const pages: PageReport[] = [];
        if (chosen('登录页')) pages.push(await measure(chrome, '登录页', 'login', `${APP_URL}#/user/login`, 'phone'));
        for (const audience of AUDIENCES) {
          const wanted = audience.pages.filter((page) => chosen(page.name));
          if (wanted.length === 0) continue;
          await logIn(chrome, audience.username, audience.device);
          for (const page of wanted) pages.push(await measure(chrome, `${page.name}（${audience.username}）`, page.file, `${APP_URL}#${page.path}`, audience.device));
        }
        return report(pages, anchors, anchors.phone.version, anchors.phone.browser) ? 0 : 1;
      } finally {
        await anchorPages.close();
      }
    } finally {
      chrome.kill();
    }
  } finally {
    await stopServer(server);
  }
}

runBench(main);
