/**
 * npm run bench:offline — how fast the app starts again without a network (repeat visit), on the
 * student's home (工作台, target ≤ 400 ms median to its tiles) and on 我的周记.
 *
 * Uses dist/ when it is up to date with the sources, else builds into .tmp/bench-offline-dist (so a
 * build shared with other runs is never rewritten). Starts the real server on the demo school (port
 * 8891, PGlite in .tmp/bench-offline-data), logs in as student01 in Debian's Chromium at 390×844,
 * opens each page and waits until the service worker controls it and its lists are kept on the device.
 * Then RUNS times per page: offline, reload, and measure from navigation start to the first
 * contentful paint, to the shell (the phone NavBar or the page's own element) being in the page, and
 * to the cached content (the home's tiles, the weeks) being shown. Prints median, min and max in ms.
 */
import type { Page } from 'playwright-core';
import { PHONE, appUrl, distToServe, launchChromium, logInThroughForm, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8891;
const APP_URL = appUrl(PORT);
const DATA_DIR = '.tmp/bench-offline-data';
const OWN_DIST = '.tmp/bench-offline-dist';
const RUNS = 7;

/** Selectors of what the benchmark waits for on every offline start. */
const SHELL_SELECTOR = '.my-records, .home-tiles, .phone-shell__bar';
const LIST_SELECTOR = '.my-records .adm-list-item, .home-tiles li';

/** The pages measured: where, what their content is, and the query whose keeping on the device they wait for. */
const TARGETS = [
  { name: '学生工作台 student home', hash: '#/dashboard/workplace', content: '工作台待办', kept: '"checkin","mine"' },
  { name: '我的周记 my weekly', hash: '#/internship/weekly', content: '周记列表', kept: '"weekly","mine"' },
] as const;


interface Probe {
  shell: number | null;
  list: number | null;
}
type ProbeWindow = Window & { __benchOffline?: Probe };

/**
 * Runs before the page's own scripts on every navigation: notes (performance.now(), i.e. ms since
 * navigation start) when the shell and the week list first appear in the document. A string, not a
 * function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const PROBE_SCRIPT = `(() => {
  const probe = { shell: null, list: null };
  window.__benchOffline = probe;
  const observer = new MutationObserver(() => {
    const now = performance.now();
    if (probe.shell === null && document.querySelector(${JSON.stringify(SHELL_SELECTOR)})) probe.shell = now;
    if (probe.list === null && document.querySelector(${JSON.stringify(LIST_SELECTOR)})) probe.list = now;
    if (probe.shell !== null && probe.list !== null) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** A list is in the persisted query cache (IndexedDB), so an offline start can show it. */
async function keptOnDevice(page: Page, key: string): Promise<boolean> {
  return page.evaluate(
    (key) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('isps-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('queryCache')) return resolve(false);
          const all = idb.transaction('queryCache').objectStore('queryCache').getAll();
          all.onsuccess = () => {
            idb.close();
            resolve(JSON.stringify(all.result).includes(key));
          };
          all.onerror = () => resolve(false);
        };
      }),
    key,
  );
}

interface Sample {
  fcp: number;
  shell: number;
  list: number;
}

async function measureOnce(page: Page): Promise<Sample> {
  await page.reload({ waitUntil: 'load' });
  const handle = await page
    .waitForFunction(
    () => {
      const probe = (window as ProbeWindow).__benchOffline;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      if (!probe || probe.shell === null || probe.list === null || !fcp) return null;
      return { fcp: fcp.startTime, shell: probe.shell, list: probe.list };
    },
    undefined,
    { timeout: 30_000, polling: 50 },
  )
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => ({
        probe: (window as ProbeWindow).__benchOffline,
        fcp: performance.getEntriesByName('first-contentful-paint').length,
        url: location.href,
        text: document.body.innerText.slice(0, 200),
      }));
      throw new Error(`离线启动没有完成 (offline start did not finish): ${JSON.stringify(seen)}\n${String(error)}`);
    });
  return (await handle.jsonValue())!;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Terminal columns of a string: CJK characters take two. */
const width = (text: string) => [...text].reduce((w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1), 0);
const padEnd = (text: string, columns: number) => text + ' '.repeat(Math.max(0, columns - width(text)));
const padStart = (text: string, columns: number) => ' '.repeat(Math.max(0, columns - width(text))) + text;

function report(samples: Sample[], distDir: string, target: (typeof TARGETS)[number]) {
  const rows: [string, number[]][] = [
    ['导航 → 首次内容绘制  navigation → FCP', samples.map((s) => s.fcp)],
    ['导航 → 外壳出现  navigation → shell', samples.map((s) => s.shell)],
    [`导航 → ${target.content}  navigation → cached content`, samples.map((s) => s.list)],
  ];
  const ms = (v: number) => v.toFixed(0);
  const header = ['指标 metric', '中位数 median', '最小 min', '最大 max'];
  const cells = rows.map(([label, values]) => [label, ms(median(values)), ms(Math.min(...values)), ms(Math.max(...values))]);
  const widths = header.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]!))));
  const line = (c: string[]) => c.map((text, i) => (i === 0 ? padEnd(text, widths[i]!) : padStart(text, widths[i]!))).join('   ');
  console.log(`\n离线重复启动 offline repeat start — ${target.name}, 手机 390×844, Chromium, ${samples.length} 次 runs, ${APP_URL}${target.hash} (${distDir})\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
  console.log('\n单位 unit: ms（从 navigation start 起 / since navigation start）');
  for (const [label, values] of rows) console.log(`  ${padEnd(label.split('  ')[1]!, 30)} ${values.map(ms).join(', ')}`);
}

async function main(): Promise<number> {
  const distDir = distToServe(OWN_DIST);
  const server = startServer({ port: PORT, dataDir: DATA_DIR, distDir });
  try {
    await waitUntilServing(server, APP_URL);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', baseURL: APP_URL });
      await context.addInitScript({ content: PROBE_SCRIPT });
      const page = await context.newPage();
      await logInThroughForm(page, '#/user/login', 'student01');
      for (const target of TARGETS) {
        await page.goto(target.hash);
        await page.locator(LIST_SELECTOR).first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
        const deadline = Date.now() + 15_000;
        while (!(await keptOnDevice(page, target.kept))) {
          if (Date.now() > deadline) throw new Error(`${target.content}没有保存到本机 (IndexedDB queryCache)`);
          await page.waitForTimeout(250);
        }

        await context.setOffline(true);
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run++) samples.push(await measureOnce(page));
        await context.setOffline(false);
        report(samples, distDir, target);
      }
      await context.close();
      return 0;
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server);
  }
}

runBench(main);
