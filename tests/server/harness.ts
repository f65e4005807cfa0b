import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import CryptoJS from 'crypto-js';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import type { EncryptedString, LoginResult } from '@contract/session.ts';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import type { Database, DatabaseHandle } from '../../server/db/database.ts';
import { sysSession, sysUser, sysUserRole } from '../../server/db/schema.ts';
import { DEMO_PASSWORD } from '../../server/db/seed.ts';
import { hashPassword } from '../../server/lib/crypto.ts';
import { openTestDatabase } from './test-database.ts';

export { DEMO_PASSWORD };
export type TestServer = Awaited<ReturnType<typeof buildApp>>;

export interface ApiResponse<T> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Record<string, unknown>;
}

export interface RequestOptions {
  token?: string;
  body?: object;
  query?: Record<string, string>;
}

export interface TestUser {
  id: string;
  username: string;
  password: string;
}

export interface NewUser {
  username?: string;
  password?: string;
  phone?: string | null;
  email?: string | null;
  roles?: string[];
  status?: number;
}

export interface TestApp {
  app: TestServer;
  db: Database;
  database: DatabaseHandle;
  config: ServerConfig;
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, token?: string, query?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body: object, token?: string): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, body: object, token?: string): Promise<ApiResponse<T>>;
  /** Encrypts as the browser does, with this installation's key and iv. */
  encrypt(text: string): Promise<string>;
  /** POST /api/sys/login with the password encrypted; the raw answer. */
  loginRequest(username: string, password?: string): Promise<ApiResponse<LoginResult>>;
  /** Logs in (expecting success) and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** Inserts an active user straight into the database, so a test can change it without touching the demo accounts. */
  createUser(input?: NewUser): Promise<TestUser>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Added to (or, set to undefined, removed from) the test environment given to loadConfig. */
  env?: NodeJS.ProcessEnv;
  /** An open database the caller keeps and closes; otherwise the file gets a copy of the demo database. */
  database?: DatabaseHandle;
  /** Sees every route the app registers (server/app.ts buildApp). */
  onRoute?: BuildOptions['onRoute'];
}

export const TEST_PASSWORD = 'Test@2026x';

/** Per-file unique names, short enough for the 32-character username limit. */
let sequence = 0;
export const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}${++sequence}`;
export const uniquePhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return loadConfig({ DEMO_DATA: 'true', AUTH_RATE_LIMIT: '1000', JOBS_ENABLED: 'false', CHECK_ANSWERS: 'true', DATA_DIR: dataDir, DIST_DIR: dataDir, ...env }, overrides);
}

export const testDatabaseSource = () => inject('testDatabase');

/**
 * The API of one Fastify app, spoken through app.inject. The database handle is opened here unless
 * the caller brings one (which it then closes itself).
 */
export async function startTestApp(overrides: Partial<ServerConfig> = {}, options: StartOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'isps-test-app-'));
  const database = options.database ?? (await openTestDatabase(testDatabaseSource()));
  const config = testConfig(dataDir, options.env, overrides);
  let app: TestServer;
  try {
    app = await buildApp({ config, database, logger: process.env.TEST_LOG === "1", onRoute: options.onRoute });
    await app.ready();
  } catch (error) {
    if (!options.database) await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { db } = database;

  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { token, body, query }: RequestOptions = {}): Promise<ApiResponse<T>> {
    const injectOptions: InjectOptions = { method, url, query, headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {} };
    if (body !== undefined) injectOptions.payload = body;
    const response = await app.inject(injectOptions);
    return { status: response.statusCode, body: response.json<ApiEnvelope<T>>(), headers: response.headers };
  }

  let keys: EncryptedString | null = null;
  async function encrypt(text: string): Promise<string> {
    keys ??= (await request<EncryptedString>('GET', `${config.apiPrefix}/sys/getEncryptedString`)).body.result;
    return CryptoJS.AES.encrypt(text, CryptoJS.enc.Utf8.parse(keys.key), { iv: CryptoJS.enc.Utf8.parse(keys.iv) }).toString();
  }

  async function loginRequest(username: string, password = DEMO_PASSWORD) {
    return request<LoginResult>('POST', `${config.apiPrefix}/sys/login`, { body: { username, password: await encrypt(password) } });
  }

  return {
    app,
    db,
    database,
    config,
    request,
    get: (url, token, query) => request('GET', url, { token, query }),
    post: (url, body, token) => request('POST', url, { body, token }),
    put: (url, body, token) => request('PUT', url, { body, token }),
    encrypt,
    loginRequest,
    async login(username, password) {
      const response = await loginRequest(username, password);
      expect(response.body, `login of ${username}`).toMatchObject({ success: true, code: 200 });
      return response.body.result.token;
    },
    async createUser({ username = uniqueName('user'), password = TEST_PASSWORD, phone = null, email = null, roles = ['role-teacher'], status = 1 } = {}) {
      const passwordHash = await hashPassword(password);
      const [user] = await db
        .insert(sysUser)
        .values({ username, realname: `测试${username}`, passwordHash, phone, email, status, yhlx: '0' })
        .returning({ id: sysUser.id });
      for (const roleId of roles) await db.insert(sysUserRole).values({ userId: user!.id, roleId });
      return { id: user!.id, username, password };
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The envelope of a successful call; returns its result. */
export function expectOk<T>(response: ApiResponse<T>, message?: string): T {
  expect({ status: response.status, success: response.body.success, code: response.body.code }).toEqual({ status: 200, success: true, code: 200 });
  if (message !== undefined) expect(response.body.message).toBe(message);
  return response.body.result;
}

/** The envelope of a refused call: the HTTP status, the same code in the body, and the exact message. */
export function expectError(response: ApiResponse<unknown>, status: number, message: string | RegExp): void {
  expect({ status: response.status, success: response.body.success, code: response.body.code, result: response.body.result }).toEqual({
    status,
    success: false,
    code: status,
    result: null,
  });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
}

/** The session row of a token, found the way the server stores it (by hash). */
export async function sessionOf(db: Database, token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await db.select().from(sysSession).where(eq(sysSession.tokenHash, tokenHash));
  return row;
}

export async function userRow(db: Database, username: string) {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.username, username));
  return row;
}
