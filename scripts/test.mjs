#!/usr/bin/env node
/**
 * The whole suite, as the README's `npm test`: type check, lint, unit and DOM tests, server
 * integration tests on PGlite and again on a real PostgreSQL (with two API processes behind nginx),
 * the production build, and the browser tests in Debian's Chromium. Ends with the line
 * 'N passed, N failed'.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });
// The throwaway PostgreSQL cluster, shared with the cluster test and bench:peak.
const { startPostgres } = await tsImport('./local-cluster.ts', import.meta.url);
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
const notes = [];
/** Seconds of each stage, and of each test file, for the closing report. */
const stageSeconds = [];
const fileSeconds = [];
let currentStage = null;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function endStage() {
  if (!currentStage) return;
  const seconds = (performance.now() - currentStage.start) / 1000;
  stageSeconds.push({ title: currentStage.title, seconds });
  console.log(`━━ ${currentStage.title}: ${seconds.toFixed(1)} s ━━`);
  currentStage = null;
}

function stage(title) {
  endStage();
  console.log(`\n━━ ${title} ━━`);
  currentStage = { title, start: performance.now() };
}

/** Playwright's JSON report: the time of every result, summed per spec file. */
function addSpecSeconds(suite, file = suite.file) {
  for (const spec of suite.specs ?? []) {
    const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
    const entry = fileSeconds.find((f) => f.name === file && f.stage === 'e2e');
    if (entry) entry.seconds += ms / 1000;
    else fileSeconds.push({ name: file, stage: 'e2e', seconds: ms / 1000 });
  }
  for (const child of suite.suites ?? []) addSpecSeconds(child, file);
}

/** Each browser spec's seconds by what they went to (tests/e2e/support/time-reporter.ts). */
const browserTimes = { specs: {}, slowest: [] };
const TIME_SHARES = [
  ['setup', '准备'],
  ['login', '登录'],
  ['load', '页面加载'],
  ['wait', '等待显示'],
  ['act', '操作'],
  ['other', '其余'],
];

/** Where the browser stage's time went, in all and for its ten slowest specs, and its ten slowest steps. */
function printBrowserTimes() {
  const specs = Object.entries(browserTimes.specs);
  if (specs.length === 0) return;
  const total = Object.fromEntries(TIME_SHARES.map(([key]) => [key, specs.reduce((sum, [, t]) => sum + t[key], 0)]));
  const row = (times) => TIME_SHARES.map(([key]) => (times[key] / 1000).toFixed(1).padStart(10)).join('');
  const sum = (times) => TIME_SHARES.reduce((s, [key]) => s + times[key], 0);
  console.log('Where the browser tests spent their seconds:');
  console.log(`  ${''.padEnd(30)}${TIME_SHARES.map(([, label]) => label.padStart(10 - label.length)).join('')}`);
  console.log(`  ${'in all'.padEnd(30)}${row(total)}`);
  for (const [file, times] of specs.sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 10)) console.log(`  ${file.padEnd(30)}${row(times)}`);
  console.log('The slowest steps:');
  for (const { title, at, ms } of browserTimes.slowest.slice(0, 10)) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)}  ${at}  ${title.slice(0, 90)}`);
}

/** A check that passes or fails as a whole (type check, lint, build). */
function check(title, command, args) {
  stage(title);
  if (run(command, args)) passed += 1;
  else {
    failed += 1;
    notes.push(`${title} failed`);
  }
}

/** Checks that each keep one core busy, run side by side; each one's output is printed whole when it ends. */
async function checkTogether(title, checks) {
  stage(title);
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: ROOT, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(`── ${name}: ${code === 0 ? 'ok' : 'failed'}\n${Buffer.concat(output).toString()}`);
            resolve({ name, ok: code === 0 });
          });
        }),
    ),
  );
  for (const { name, ok } of results) {
    if (ok) passed += 1;
    else {
      failed += 1;
      notes.push(`${name} failed`);
    }
  }
}

function countVitest(title, args, env) {
  stage(title);
  const out = path.join(TMP, `vitest-${title.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const ok = run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (!existsSync(out)) {
    failed += 1;
    notes.push(`${title}: the test runner did not finish`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  for (const file of report.testResults) {
    fileSeconds.push({ name: path.relative(ROOT, file.name), stage: title, seconds: (file.endTime - file.startTime) / 1000 });
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (!ok && report.numFailedTests === 0) {
    failed += 1;
    notes.push(`${title}: a test file failed to run`);
  }
}

await checkTogether('类型检查与代码检查 type check and lint', [
  ['类型检查 type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['代码检查 lint', bin('eslint'), ['.']],
]);
// The tests that start the server process, and the browser tests, run it as production does: bundled.
check('构建服务端 build the server', bin('tsx'), ['scripts/build-server.ts']);
countVitest('unit, dom and server on PGlite', ['--project', 'unit', '--project', 'dom', '--project', 'server']);

const external = process.env.TEST_DATABASE_URL;
const postgres = external ? { url: external, stop() {} } : await startPostgres();
if (postgres) {
  try {
    countVitest('server on PostgreSQL', ['--project', 'server', '--project', 'cluster'], { TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
} else {
  stage('server on PostgreSQL');
  failed += 1;
  notes.push('PostgreSQL is not installed: apt-get install -y postgresql (or set TEST_DATABASE_URL)');
}

check('构建 build', bin('vite'), ['build', '--logLevel', 'warn']);

stage('browser end-to-end (Chromium, and WebKit for the phone)');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  failed += 1;
  notes.push(`Chromium not found at ${chromium}: apt-get install -y chromium fonts-noto-cjk`);
} else {
  const e2eReport = path.join(TMP, 'e2e-results.json');
  const e2eTimeReport = path.join(TMP, 'e2e-time.json');
  rmSync(e2eReport, { force: true });
  rmSync(e2eTimeReport, { force: true });
  // Chromium keeps about one core busy per worker and its page waits leave gaps, so two workers
  // (each with its own server, tests/e2e/support/server.ts) fill two cores; more cores, more workers.
  const workers = process.env.E2E_WORKERS ?? String(Math.max(1, Math.min(2, availableParallelism()), Math.floor(availableParallelism() / 2)));
  const ok = run(bin('playwright'), ['test'], { E2E_WORKERS: workers });
  if (existsSync(e2eReport)) {
    const { stats, suites } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    for (const suite of suites) addSpecSeconds(suite);
    if (existsSync(e2eTimeReport)) Object.assign(browserTimes, JSON.parse(readFileSync(e2eTimeReport, 'utf8')));
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    if (!ok && stats.unexpected === 0 && stats.flaky === 0) failed += 1;
  } else {
    failed += 1;
    notes.push('the browser tests did not run');
  }
}

endStage();
console.log('\nSeconds per stage:');
for (const { title, seconds } of stageSeconds) console.log(`  ${seconds.toFixed(1).padStart(7)}  ${title}`);
console.log(`  ${stageSeconds.reduce((sum, s) => sum + s.seconds, 0).toFixed(1).padStart(7)}  in all`);
// The WebKit specs run in the browser stage's workers, beside the Chromium ones, on the same servers.
const webkitSeconds = fileSeconds.filter((f) => f.stage === 'e2e' && f.name.startsWith('webkit/')).reduce((sum, f) => sum + f.seconds, 0);
if (webkitSeconds > 0) console.log(`  ${webkitSeconds.toFixed(1).padStart(7)}  of which WebKit (WebKitGTK through its WebDriver), in one of the browser stage's workers`);
console.log('The ten slowest test files:');
for (const { name, stage: where, seconds } of fileSeconds.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${seconds.toFixed(1).padStart(7)}  ${name} (${where})`);
}
printBrowserTimes();
console.log('');
for (const note of notes) console.log(`• ${note}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
