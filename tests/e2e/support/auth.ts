import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';

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

/** Opens the login page, logs in and waits for the workplace. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('#/user/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(WORKPLACE_URL);
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
