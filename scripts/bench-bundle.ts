/**
 * npm run bench:bundle — what a phone downloads in JavaScript to show the login page.
 *
 * Measures a current build (dist/ when it is newer than the sources, else a build of its own, so a
 * stale dist/ never gives a figure the browser test disagrees with), starts the real server on the demo school (port 8191,
 * PGlite in .tmp/bench-data), opens #/user/login in Debian's Chromium at 390×844, and sizes every
 * script the page loaded (gzip level 9). Exits 1 when over the 120 KB budget or when antd is loaded.
 */
import path from 'node:path';
import { LOGIN_BUDGET_BYTES, kb, measureLoginBundle, readChunkModules, type LoginBundle } from '../tests/e2e/support/login-bundle.ts';
import { ROOT, appUrl, distToServe, launchChromium, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8191;
const APP_URL = appUrl(PORT);
const DATA_DIR = '.tmp/bench-data';
const OWN_DIST = '.tmp/bench-bundle-dist';

function report(bundle: LoginBundle) {
  const rows = bundle.scripts.map((s) => ({ file: s.file, raw: kb(s.rawBytes), gzip: kb(s.gzipBytes), packages: s.packages?.join(', ') ?? '(不在 chunk-modules.json 中)' }));
  const width = (key: 'file' | 'raw' | 'gzip', title: string) => Math.max(title.length, ...rows.map((r) => r[key].length));
  const [wFile, wRaw, wGzip] = [width('file', 'file'), width('raw', 'raw KB'), width('gzip', 'gzip KB')];
  const line = (file: string, raw: string, gzip: string, packages: string) => `${file.padEnd(wFile)}  ${raw.padStart(wRaw)}  ${gzip.padStart(wGzip)}  ${packages}`;
  console.log(`\n登录页（手机 390×844）加载的 JavaScript：${APP_URL}#/user/login\n`);
  console.log(line('file', 'raw KB', 'gzip KB', 'packages'));
  console.log(line('-'.repeat(wFile), '-'.repeat(wRaw), '-'.repeat(wGzip), '--------'));
  for (const r of rows) console.log(line(r.file, r.raw, r.gzip, r.packages));
  console.log(line('-'.repeat(wFile), '-'.repeat(wRaw), '-'.repeat(wGzip), ''));
  console.log(line(`total (${rows.length} files)`, kb(bundle.totalRawBytes), kb(bundle.totalGzipBytes), ''));

  const withinBudget = bundle.totalGzipBytes <= LOGIN_BUDGET_BYTES;
  const noAntd = bundle.antdScripts.length === 0;
  console.log(`\n预算: ${kb(bundle.totalGzipBytes)} KB / ${kb(LOGIN_BUDGET_BYTES)} KB gzip — ${withinBudget ? 'OK' : `超出 ${kb(bundle.totalGzipBytes - LOGIN_BUDGET_BYTES)} KB`}`);
  console.log(`antd: ${noAntd ? 'OK，登录页没有加载 antd 或 @ant-design/*' : `已加载 — ${bundle.antdScripts.map((s) => s.file).join(', ')}`}`);
  if (bundle.unknownScripts.length > 0) console.log(`注意: ${bundle.unknownScripts.length} 个文件不在 dist/.vite/chunk-modules.json 中（构建过期？），无法检查其中是否有 antd`);
  return withinBudget && noAntd && bundle.unknownScripts.length === 0;
}

async function main(): Promise<number> {
  const distDir = distToServe(OWN_DIST);
  const chunkModules = readChunkModules(path.join(ROOT, distDir));
  const server = startServer({ port: PORT, dataDir: DATA_DIR, distDir });
  try {
    await waitUntilServing(server, APP_URL);
    const browser = await launchChromium();
    try {
      return report(await measureLoginBundle(browser, APP_URL, chunkModules)) ? 0 : 1;
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server);
  }
}

runBench(main);
