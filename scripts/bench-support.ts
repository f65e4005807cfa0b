/**
 * What the benchmarks share: the app to serve, the real server on a port and data directory of
 * their own, and Debian's Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const SERVER_START_MS = 120_000;
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** What the built app is made from (as scripts/start.mjs decides whether to build). */
const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

export const appUrl = (port: number) => `http://127.0.0.1:${port}/teacher/`;

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const isFresh = (dist: string, sourcesTime: number) => existsSync(path.join(ROOT, dist, 'index.html')) && statSync(path.join(ROOT, dist, 'index.html')).mtimeMs >= sourcesTime;

/** dist/ when it is current; else a build of our own in ownDist (rebuilt only when the sources changed). */
export function distToServe(ownDist: string): string {
  const sourcesTime = Math.max(...SOURCES.map((s) => path.join(ROOT, s)).filter(existsSync).map(newestMtime));
  if (isFresh('dist', sourcesTime)) return 'dist';
  if (isFresh(ownDist, sourcesTime)) return ownDist;
  console.log(`dist/ 缺失或比源码旧，构建到 ${ownDist} (vite build)…`);
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', ownDist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`构建失败 (exit ${build.status})`);
  return ownDist;
}

export interface BenchServer {
  server: ChildProcess;
  stderr: () => string;
}

/**
 * Starts the real server with the demo school; `freshData` empties its data directory first. `env` adds
 * to the environment, and a variable set to undefined there is left out (DATABASE_URL for PGlite).
 */
export function startServer({ port, dataDir, distDir, freshData = true, env = {} }: { port: number; dataDir: string; distDir?: string; freshData?: boolean; env?: NodeJS.ProcessEnv }): BenchServer {
  if (freshData) rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const merged = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(distDir ? { DIST_DIR: distDir } : {}), DEMO_DATA: 'true', LOG_LEVEL: 'warn', ...env };
  // BENCH_CPU_PROF_DIR=dir writes each server's CPU profile there when it stops (for chrome://inspect).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { server, stderr: () => output };
}

export async function waitUntilServing({ server, stderr }: BenchServer, url: string) {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`服务器启动失败 (exit ${server.exitCode}):\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`服务器在 ${SERVER_START_MS / 1000} 秒内没有响应 ${url}:\n${stderr()}`);
}

export async function stopServer({ server }: BenchServer) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Runs a benchmark's main: its exit code, or 1 with the message when it throws. */
export function runBench(main: () => Promise<number>) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

/** The p-th percentile (nearest rank) of ascending figures; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** The bench's exit code: each check's failure (null when it held) printed, 1 when any failed. */
export function exitCodeOf(checks: readonly (string | null)[]): number {
  const problems = checks.filter((p): p is string => p !== null);
  for (const problem of problems) console.error(problem);
  return problems.length === 0 ? 0 : 1;
}

/** Logs a demo account in through the login form at loginUrl (its password is the demo's) and waits for 工作台. */
export async function logInThroughForm(page: Page, loginUrl: string, username: string) {
  await page.goto(loginUrl);
  await page.getByPlaceholder('请输入用户账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill('Demo@2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL(/#\/dashboard\/workplace$/, { timeout: 30_000 });
}
