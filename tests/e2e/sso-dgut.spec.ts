import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SSO_MSG } from '@contract/sso.ts';
import { startSsoProvider, type SsoProvider } from '../support/sso-provider.ts';
import { WORKPLACE_URL, readAccessToken } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { DIST_DIR, LANE_DIR, PROJECT_ROOT, SERVER_ORIGIN } from './support/server.ts';

/**
 * Single sign-on for the DGUT deployment (issue 37): a server of its own with ENABLE_CAS, in front of a CAS server
 * running in this test (tests/support/sso-provider.ts). The lane's server has no single sign-on, so this spec starts
 * one beside it, on the lane's port + 100.
 */
const ORIGIN = `http://127.0.0.1:${Number(new URL(SERVER_ORIGIN).port) + 100}`;
const SERVICE = `${ORIGIN}/teacher/`;
const WORK_DIR = path.join(LANE_DIR, 'sso-dgut');

let provider: SsoProvider;
let server: ChildProcess | undefined;

async function waitUntilServing(url: string, timeoutMs: number, exited: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ended = exited();
    if (ended) throw new Error(`the DGUT server stopped: ${ended}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`the DGUT server did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.describe.configure({ mode: 'serial' });
test.use(DESKTOP);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startSsoProvider();
  await rm(WORK_DIR, { recursive: true, force: true });
  const child = spawn('node', ['dist-server/server.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: new URL(ORIGIN).port,
      DATA_DIR: path.join(WORK_DIR, 'data'),
      DIST_DIR,
      DEMO_DATA: 'true',
      DEPLOYMENT: 'DGUT',
      ENABLE_CAS: 'true',
      CAS_PREFIX_URL: provider.casUrl,
      CAS_SERVICE_URL: SERVICE,
      AUTH_RATE_LIMIT: '1000',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      CHECK_ANSWERS: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server = child;
  let errors = '';
  let exit: string | null = null;
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.on('exit', (code) => (exit = `exit ${code}: ${errors}`));
  await waitUntilServing(`${SERVICE}config.json`, 150_000, () => exit);
});

test.afterAll(async () => {
  server?.kill();
  await provider?.close();
  await rm(WORK_DIR, { recursive: true, force: true });
});

/** The stand-in CAS server's login page, where the app sends a visitor without a session. */
const casLogin = (page: Page) => page.getByRole('heading', { name: '统一身份认证' });

async function signInAtCas(page: Page, username: string) {
  await page.goto(SERVICE);
  await expect(casLogin(page)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('service')).toBe(SERVICE);
  await page.getByLabel('用户名').fill(username);
  await page.getByRole('button', { name: '登录' }).click();
}

test('a teacher logs in through the school’s CAS, stays in across a reload, and logs out of both', async ({ page }) => {
  await signInAtCas(page, 'teacher01');
  await expect(page).toHaveURL(WORKPLACE_URL);
  await expect(page.getByRole('heading', { name: /^王老师，/ })).toBeVisible();
  // The spent ticket has left the address: a reload keeps the session and asks the CAS server nothing.
  expect(new URL(page.url()).search).toBe('');
  const token = await readAccessToken(page);
  expect(token).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(WORKPLACE_URL);
  await expect(page.getByRole('heading', { name: /^王老师，/ })).toBeVisible();

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '注销' }).click();
  await page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' }).getByRole('button', { name: '确定' }).click();
  // The CAS server's logout sends the browser back to the app, which hands it to the CAS login again.
  await expect(casLogin(page)).toBeVisible();
  expect(provider.logouts()).toBe(1);
  const after = await fetch(`${ORIGIN}/api/sys/user/getusertoken`, { headers: { 'X-Access-Token': token! } });
  expect(after.status).toBe(401);
});

test('a CAS user with no account here is told so, and sent to the CAS logout', async ({ page }) => {
  await signInAtCas(page, 'visitor99');
  await expect(page.getByRole('alert').filter({ hasText: SSO_MSG.unknownUser('visitor99') })).toBeVisible();
  await expect(casLogin(page)).toBeVisible({ timeout: 15_000 });
  expect(provider.logouts()).toBe(2);
});
