import { createCipheriv } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';
import { API_URL } from './server.ts';

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Password fields travel AES-CBC encrypted with the installation's key, as the browser sends them (src/lib/encryption.ts). */
async function encrypter(request: APIRequestContext): Promise<(plain: string) => string> {
  const response = await request.get(`${API_URL}/sys/getEncryptedString`);
  const { key, iv } = ((await response.json()) as Envelope<{ key: string; iv: string }>).result;
  return (plain) => {
    const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
    return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  };
}

/** Logs in from outside the browser; the token, or null when the server refuses. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string | null> {
  const encrypt = await encrypter(request);
  const response = await request.post(`${API_URL}/sys/login`, { data: { username, password: encrypt(password) } });
  const body = (await response.json()) as Envelope<{ token: string } | null>;
  return body.success ? body.result!.token : null;
}

/** Ends a session from outside the page, as an administrator or another device would. */
export async function revokeSession(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post(`${API_URL}/sys/logout`, { headers: { 'X-Access-Token': token } });
  expect(response.ok(), `退出登录失败：${await response.text()}`).toBe(true);
}

async function alterPassword(request: APIRequestContext, username: string, oldPassword: string, newPassword: string): Promise<Envelope<null>> {
  const encrypt = await encrypter(request);
  const response = await request.post(`${API_URL}/sys/user/alterPassword`, {
    data: { username: encrypt(username), oldpassword: encrypt(oldPassword), password: encrypt(newPassword), confirmpassword: encrypt(newPassword) },
  });
  return (await response.json()) as Envelope<null>;
}

/**
 * Puts a demo account back on the demo password after a test that changed it, whether or not the
 * test got that far. Ends with a successful check, so the account's failed-login count is cleared too.
 */
export async function restoreDemoPassword(request: APIRequestContext, username: string, changedTo: string): Promise<void> {
  const session = await apiLogin(request, username, DEMO_PASSWORD);
  if (session) {
    await revokeSession(request, session);
    return;
  }
  const answer = await alterPassword(request, username, changedTo, DEMO_PASSWORD);
  expect(answer.success, `无法恢复 ${username} 的演示密码：${answer.message}`).toBe(true);
}
