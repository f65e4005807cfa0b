import { createCipheriv } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { CurrentRoles, EncryptedString, LoginResult, UserInfo } from '@contract/session.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { API_URL } from './server.ts';

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

async function installationKeys(request: APIRequestContext): Promise<EncryptedString> {
  const response = await request.get(`${API_URL}/sys/getEncryptedString`);
  return ((await response.json()) as Envelope<EncryptedString>).result;
}

/** Password fields travel AES-CBC encrypted with the installation's key, as the browser sends them (src/lib/encryption.ts). */
function encrypterWith({ key, iv }: EncryptedString): (plain: string) => string {
  return (plain) => {
    const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
    return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  };
}

async function encrypter(request: APIRequestContext): Promise<(plain: string) => string> {
  return encrypterWith(await installationKeys(request));
}

export interface KeptSession {
  login: LoginResult;
  keys: EncryptedString;
}

/** The server's whole answer to a login from outside the browser and the key it was encrypted with; null when it refuses. */
export async function apiLoginResult(request: APIRequestContext, username: string, password: string): Promise<KeptSession | null> {
  const keys = await installationKeys(request);
  const response = await request.post(`${API_URL}/sys/login`, { data: { username, password: encrypterWith(keys)(password) } });
  const body = (await response.json()) as Envelope<LoginResult | null>;
  return body.success ? { login: body.result!, keys } : null;
}

/** One session per account and password in this worker, made by the first sessionFor and handed on after. */
const kept = new Map<string, KeptSession>();

/**
 * The kept session of an account if the server still honours it, put back as a fresh login would
 * leave it: acting as the account's first role (a spec may have switched it) and with the user's
 * current details (a spec may have changed them). Null when it was revoked, expired or cannot be reset.
 */
async function resumed(request: APIRequestContext, session: KeptSession): Promise<KeptSession | null> {
  const headers = { 'X-Access-Token': session.login.token };
  const roles = (await (await request.get(`${API_URL}/sys/user/getCurrentUserRoles`, { headers })).json()) as Envelope<CurrentRoles | null>;
  const first = roles.success ? roles.result!.list[0] : undefined;
  if (!first) return null;
  const chosen = (await (await request.post(`${API_URL}/sys/selectRole`, { headers, data: { orgCode: first.id } })).json()) as Envelope<{ userInfo: UserInfo } | null>;
  if (!chosen.success) return null;
  const list = roles.result!.list;
  return { keys: session.keys, login: { ...session.login, userInfo: chosen.result!.userInfo, sysroles: list, multi_sysrole: list.length > 1 } };
}

/**
 * A logged-in session of the account: logging in costs the server a deliberately slow password check,
 * so each account logs in once per worker and its session is reused while the server honours it
 * (a spec that logs out, revokes sessions or changes the password makes the next call log in again).
 */
export async function sessionFor(request: APIRequestContext, username: string, password: string): Promise<KeptSession | null> {
  const key = `${username}\n${password}`;
  const known = kept.get(key);
  const session = (known && (await resumed(request, known))) || (await apiLoginResult(request, username, password));
  if (session) kept.set(key, session);
  else kept.delete(key);
  return session;
}

/** Logs in from outside the browser; the token, or null when the server refuses. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string | null> {
  return (await apiLoginResult(request, username, password))?.login.token ?? null;
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

/** An API call as a signed-in account, for a spec's set-up: the result, or the test fails with the server's message. */
export async function apiCall<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: object): Promise<T> {
  const response = await request[method](`${API_URL}${path}`, { headers: { 'X-Access-Token': token }, ...(method === 'get' ? { params: data as Record<string, string> } : { data }) });
  const body = (await response.json()) as { success: boolean; message: string; result: T };
  expect(body.success, `${method.toUpperCase()} ${path}: ${body.message}`).toBe(true);
  return body.result;
}
