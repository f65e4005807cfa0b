import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@contract/session.ts';
import { SSO_MSG, type CasLogoutResult, type UserTokenResult } from '@contract/sso.ts';
import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { loadConfig } from '../../server/config.ts';
import { sysLog, sysUser } from '../../server/db/schema.ts';
import { startSsoProvider, type SsoProvider } from '../support/sso-provider.ts';
import { expectError, expectOk, sessionOf, startTestApp, type TestApp, type TestUser } from './harness.ts';

const SERVICE = 'https://sx.example.edu.cn/teacher/';
const OTHER_SERVICE = 'https://library.example.edu.cn/';
const VALIDATE = '/api/cas/client/validateLogin';
const OAUTH = '/api/cas/client2/validateLogin';

let provider: SsoProvider;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  provider = await startSsoProvider();
  t = await startTestApp(
    {},
    { env: { ENABLE_CAS: 'true', CAS_PREFIX_URL: provider.casUrl, CAS_SERVICE_URL: SERVICE, OAUTH_USERINFO_URL: provider.userInfoUrl } },
  );
  user = await t.createUser();
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const validate = (ticket: string, service = SERVICE) => t.get<LoginResult>(VALIDATE, undefined, { ticket, service, _t: '1765100000' });

describe('CAS ticket validation', () => {
  it('logs in with a ticket issued to this service, answering as /sys/login does', async () => {
    // The CAS server sends the browser back with the ticket in the service URL's query: the same service.
    const result = expectOk(await validate(provider.issueTicket(user.username, SERVICE), `${SERVICE}?ticket=x`), '登录成功');
    expect(result).toMatchObject({ userInfo: { id: user.id, username: user.username }, sysroles: [{ roleCode: 'teacher' }], multi_sysrole: false });
    const session = await sessionOf(t.db, result.token);
    expect(session).toMatchObject({ userId: user.id, revokedAt: null });
    expectOk(await t.get('/api/sys/user/getCurrentUserRoles', result.token));
    const [log] = await t.db.select().from(sysLog).where(eq(sysLog.userId, user.id));
    expect(log?.logContent).toBe(`用户名: ${user.username},登录成功！`);
  });

  it('refuses a forged ticket', async () => {
    expectError(await validate('ST-forged-by-hand'), 400, SSO_MSG.ticketInvalid);
  });

  it('refuses a ticket used once already', async () => {
    const ticket = provider.issueTicket(user.username, SERVICE);
    expectOk(await validate(ticket));
    expectError(await validate(ticket), 400, SSO_MSG.ticketInvalid);
  });

  it('refuses a ticket issued to another service, whichever service the request names', async () => {
    expectError(await validate(provider.issueTicket(user.username, OTHER_SERVICE)), 400, SSO_MSG.otherService);
    // Named as the other service, the CAS server would vouch for it: this system must not ask.
    const ticket = provider.issueTicket(user.username, OTHER_SERVICE);
    expectError(await validate(ticket, OTHER_SERVICE), 400, SSO_MSG.otherService);
  });

  it('refuses a CAS user with no account here, and a frozen account', async () => {
    expectError(await validate(provider.issueTicket('nobody-here', SERVICE)), 400, SSO_MSG.unknownUser('nobody-here'));
    const frozen = await t.createUser({ status: 2 });
    expectError(await validate(provider.issueTicket(frozen.username, SERVICE)), 400, '该账号已冻结或尚未通过审核，请联系管理员');
  });

  it('says so when the CAS server cannot be reached', async () => {
    const gone = await startSsoProvider();
    await gone.close();
    const app = await startTestApp({ cas: { ...t.config.cas, casPrefixUrl: gone.casUrl } }, { database: t.database });
    try {
      const response = await app.get(VALIDATE, undefined, { ticket: 'ST-1', service: SERVICE });
      expectError(response, 502, SSO_MSG.unreachable);
    } finally {
      await app.close();
    }
  });

  it('finds the account by the 学号/工号 the CAS server releases, when configured so', async () => {
    const student = await t.createUser({ roles: ['role-student'] });
    await t.db.update(sysUser).set({ workNo: `X${student.id.slice(0, 12)}` }).where(eq(sysUser.id, student.id));
    provider.setAttributes('casname01', { employeeNumber: `X${student.id.slice(0, 12)}` });
    provider.setAttributes('casname02', { employeeNumber: 'Y000000' });
    const app = await startTestApp({ cas: { ...t.config.cas, casUserAttribute: 'employeeNumber' } }, { database: t.database });
    try {
      const ask = (casUser: string) => app.get<LoginResult>(VALIDATE, undefined, { ticket: provider.issueTicket(casUser, SERVICE), service: SERVICE });
      expect(expectOk(await ask('casname01')).userInfo.username).toBe(student.username);
      expectError(await ask('casname02'), 400, SSO_MSG.unknownUser('Y000000'));
      expectError(await ask(student.username), 400, SSO_MSG.noIdentifier('employeeNumber'));
    } finally {
      await app.close();
    }
  });

  it('answers nothing but a refusal when single sign-on is off', async () => {
    const app = await startTestApp({}, { database: t.database });
    try {
      expectError(await app.get(VALIDATE, undefined, { ticket: 'ST-1', service: SERVICE }), 400, SSO_MSG.disabled);
      expectError(await app.get(OAUTH, undefined, { token: 'abc' }), 400, SSO_MSG.disabled);
    } finally {
      await app.close();
    }
  });

  it('will not start with single sign-on on but no CAS server or service address', () => {
    expect(() => loadConfig({ ENABLE_CAS: 'true', CAS_PREFIX_URL: provider.casUrl })).toThrow(/CAS_SERVICE_URL/);
  });
});

describe('OAuth token validation', () => {
  it('logs in with a token the user-info endpoint knows', async () => {
    const token = provider.issueAccessToken({ sub: user.username, name: '测试' });
    const result = expectOk(await t.get<LoginResult>(OAUTH, undefined, { token, dljk: 'pc' }), '登录成功');
    expect(result).toMatchObject({ userInfo: { id: user.id }, sysroles: [{ roleCode: 'teacher' }], multi_sysrole: false });
    expect(await sessionOf(t.db, result.token)).toMatchObject({ userId: user.id });
  });

  it('refuses a token the endpoint does not know, and a user with no account here', async () => {
    expectError(await t.get(OAUTH, undefined, { token: 'not-a-token' }), 400, SSO_MSG.tokenInvalid);
    expectError(await t.get(OAUTH, undefined, { token: provider.issueAccessToken({ sub: 'nobody-here' }) }), 400, SSO_MSG.unknownUser('nobody-here'));
    expectError(await t.get(OAUTH, undefined, {}), 400, SSO_MSG.tokenRequired);
  });
});

describe('the session after single sign-on', () => {
  it('getusertoken answers the token, the user and their roles', async () => {
    const { token } = expectOk(await validate(provider.issueTicket(user.username, SERVICE)));
    const result = expectOk(await t.get<UserTokenResult>('/api/sys/user/getusertoken', token));
    expect(result).toMatchObject({ token, userInfo: { id: user.id, username: user.username }, roles: [{ roleCode: 'teacher' }] });
    expectError(await t.get('/api/sys/user/getusertoken'), 401, TOKEN_INVALID_MESSAGE);
  });

  it('caslogout ends the session and answers the CAS server’s logout for the browser', async () => {
    const { token } = expectOk(await validate(provider.issueTicket(user.username, SERVICE)));
    const result = expectOk(await t.get<CasLogoutResult>('/api/sys/user/caslogout', token), '退出登录成功！');
    expect(result).toEqual({ casLogoutUrl: `${provider.casUrl}/logout?service=${encodeURIComponent(SERVICE)}` });
    expect((await sessionOf(t.db, token))?.revokedAt).toBeInstanceOf(Date);
    expectError(await t.get('/api/sys/user/getusertoken', token), 401, TOKEN_INVALID_MESSAGE);
  });
});
