import { expect, test, type Page } from '@playwright/test';
import { SEVEN_DAYS_MS, STORAGE_KEYS } from '@/lib/storage.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { sessionFor } from './api.ts';
import { SERVER_ORIGIN } from './server.ts';
import { LOGIN_STEP } from './time-reporter.ts';

export const WORKPLACE_URL = /#\/dashboard\/workplace$/;
export const LOGIN_URL = /#\/user\/login(\?|$)/;

/** The login card, its fields and button, found as a person would. */
export function loginForm(page: Page) {
  const card = page.getByRole('region', { name: '账号登录' });
  return {
    card,
    username: page.getByPlaceholder('请输入用户账号'),
    password: page.getByPlaceholder('请输入密码'),
    submit: page.getByRole('button', { name: '登 录' }),
    /** The server's answer shown next to the form. */
    error: card.getByRole('alert'),
  };
}

/** Fills the login form on the current page and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** Opens the login page, logs in through the form and waits for the workplace: for the specs about logging in (else signInAs). */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await test.step(`${LOGIN_STEP} ${username}`, async () => {
    await page.goto('#/user/login');
    await submitLogin(page, username, password);
    await expect(page).toHaveURL(WORKPLACE_URL);
  });
}

/**
 * Gets in without the login form, for the specs that are not about logging in: the account's session
 * (logged in through the API once, then reused: support/api.ts sessionFor) kept in localStorage as the
 * login page keeps it (src/lib/session-store.ts, src/lib/encryption.ts, 记住账号 ticked), then the app
 * opened afresh at `at`, the workplace by default.
 */
export async function signInAs(page: Page, username: string, at = '#/dashboard/workplace', password = DEMO_PASSWORD): Promise<void> {
  await test.step(`${LOGIN_STEP} ${username}`, async () => {
    // The session goes in before the app's first script runs, as if it had been left there by a login.
    if (page.url() !== 'about:blank') await page.goto('about:blank');
    const answer = await sessionFor(page.request, username, password);
    expect(answer, `${username} 登录失败`).toBeTruthy();
    const { login, keys } = answer!;
    // Lifetimes are counted by the page's clock, which a test may have set (page.clock), as the app counts them.
    const seed = await page.addInitScript(
      ({ origin, entries }) => {
        if (location.origin !== origin) return;
        for (const { key, value, lifetimeMs } of entries) {
          localStorage.setItem(key, JSON.stringify({ value, expire: lifetimeMs === null ? null : Date.now() + lifetimeMs }));
        }
      },
      {
        origin: SERVER_ORIGIN,
        entries: [
          { key: STORAGE_KEYS.encryptedString, value: keys, lifetimeMs: SEVEN_DAYS_MS },
          { key: STORAGE_KEYS.accessToken, value: login.token, lifetimeMs: SEVEN_DAYS_MS },
          { key: STORAGE_KEYS.username, value: login.userInfo.username, lifetimeMs: SEVEN_DAYS_MS },
          { key: STORAGE_KEYS.userInfo, value: login.userInfo, lifetimeMs: SEVEN_DAYS_MS },
          { key: STORAGE_KEYS.rememberedUsername, value: login.userInfo.username, lifetimeMs: null },
        ],
      },
    );
    // Only the first load is seeded: a later logout or reload sees what the app itself left.
    try {
      await page.goto(at);
    } finally {
      await seed.dispose();
    }
    if (at === '#/dashboard/workplace') await expect(page).toHaveURL(WORKPLACE_URL);
  });
}

/** The token the app keeps in localStorage (`Access-Token`, stored as {value, expire}), or null. */
export async function readAccessToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(() => localStorage.getItem('Access-Token'));
  return raw === null ? null : ((JSON.parse(raw) as { value: string | null }).value ?? null);
}

/** The error notification titled 系统提示 (SPEC.md section 8) carrying a message. */
export function systemNotice(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: '系统提示' }).filter({ hasText: message });
}
