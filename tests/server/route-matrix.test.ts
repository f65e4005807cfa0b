import { inArray } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, TOKEN_INVALID_MESSAGE, type ApiEnvelope } from '@contract/envelope.ts';
import type { BuiltInRole } from '@contract/menu-declaration.ts';
import { declaredMenus } from '@contract/menus.ts';
import { sysPermission } from '../../server/db/schema.ts';
import type { RouteAccess } from '../../server/types.ts';
import { startTestApp } from './harness.ts';

/**
 * The permission matrix: every API route the app serves, called as anonymous and as each demo user,
 * with the status its declared access (config.access) and the declared rules' grants (contract/menus.ts) lead
 * to. Routes are read as the app registers them and holders from the declarations, so a new route or rule
 * joins the matrix without anyone listing it here.
 */

// Every route as registered, with its config, seen through an onRoute hook on the app being built.
const registered: RouteOptions[] = [];

const DEMO_USERS = ['student01', 'teacher01', 'mentor01', 'admin'] as const;
type DemoUser = (typeof DEMO_USERS)[number];
type Caller = 'anonymous' | DemoUser;

/**
 * The built-in roles each demo user holds in the demo school: the given role, and the relation roles their
 * relations bring (teacher01 advises student01, mentor01 mentors the placement).
 */
const DEMO_ROLES: Record<DemoUser, readonly BuiltInRole[]> = {
  student01: ['student'],
  teacher01: ['teacher', 'relationAdviser'],
  mentor01: ['mentor', 'relationMentor'],
  admin: ['admin'],
};

/** Which demo users hold each button rule, as the declarations (contract/menus.ts) grant it; every declared rule is in force. */
const HOLDERS: Record<string, readonly DemoUser[]> = Object.fromEntries(
  declaredMenus().flatMap((menu) =>
    (menu.rules ?? []).map((rule) => [rule.code, DEMO_USERS.filter((user) => DEMO_ROLES[user].some((role) => (rule.roles ?? menu.roles ?? []).includes(role)))]),
  ),
);

/** Calls that end the caller's session: made with a fresh session each, so the shared ones live on. */
const ENDS_SESSION = new Set(['POST /api/sys/logout', 'GET /api/sys/user/caslogout']);
/** Path parameters get a well-formed id that names nothing. */
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';
const FORBIDDEN = '没有权限执行此操作';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface MatrixRoute {
  name: string;
  method: Method;
  url: string;
  access: RouteAccess;
}

const t = await startTestApp({}, { onRoute: (route) => void registered.push(route) });
const routes: MatrixRoute[] = registered
  .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method: method.toUpperCase() })))
  .filter(({ route, method }) => method !== 'HEAD' && route.url.startsWith(`${t.config.apiPrefix}/`))
  .map(({ route, method }) => ({ name: `${method} ${route.url}`, method: method as Method, url: route.url, access: route.config!.access! }))
  .sort((a, b) => a.name.localeCompare(b.name));

const tokens = {} as Record<DemoUser, string>;
beforeAll(async () => {
  // Once each: the login route is rate limited per connection.
  for (const user of DEMO_USERS) tokens[user] = await t.login(user);
});
afterAll(() => t.close());

/** POST and PUT get an empty body; a code chosen by the body is the one an empty body gets. */
const bodyOf = (method: Method) => (method === 'POST' || method === 'PUT' ? {} : undefined);

function describeAccess({ access, method }: MatrixRoute): string {
  if (access.public) return 'public';
  if (typeof access.permission === 'function') return `body-chosen, empty body: ${access.permission(bodyOf(method)) ?? 'session'}`;
  return access.permission ?? 'session';
}

/** 'open' = neither 401 nor 403 (the call may still fail validation or find nothing). */
function expectedStatus({ access, method }: MatrixRoute, caller: Caller): 'open' | 401 | 403 {
  if (access.public) return 'open';
  if (caller === 'anonymous') return 401;
  const code = typeof access.permission === 'function' ? access.permission(bodyOf(method)) : access.permission;
  if (code === null) return 'open';
  const holders = HOLDERS[code];
  if (!holders) throw new Error(`The permission code ${code} is declared by no page (contract/menus.ts): declare its rule with the roles that get it.`);
  return holders.includes(caller) ? 'open' : 403;
}

/** The status, and the message when the answer is the JSON envelope (an export answers with a file). */
async function call(route: MatrixRoute, token: string | undefined): Promise<{ status: number; message?: string }> {
  const body = bodyOf(route.method);
  const response = await t.app.inject({
    method: route.method,
    url: route.url.replace(/:\w+/g, DUMMY_ID),
    headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
    ...(body ? { payload: body } : {}),
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, message: json ? response.json<ApiEnvelope>().message : undefined };
}

describe('the route matrix', () => {
  it('finds the API routes the app serves', () => {
    expect(routes.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'POST /api/sys/login',
        'GET /api/sys/log/list',
        'PUT /api/internship/weekly/:id',
        'GET /api/theclassinformation/class01/list',
        'GET /api/courseinformation/tf02/exportXls',
        'POST /api/basic/student/importExcel',
        'GET /api/basic/depart/list',
        'GET /api/internship/score/list',
        'PUT /api/internship/score/:enrolmentId/mentor',
        'POST /api/internship/score/publish',
        'GET /api/internshipunit/ti04/apiList',
        'POST /api/internshipunit/ti04/review',
        'POST /api/internshipunit/ti04/contact/account',
        'GET /api/internshipunit/ti04/post/list',
        'GET /api/internship/warning/list',
        'PUT /api/internship/warning/handle',
        'GET /api/internship/stats/placements',
        'GET /api/internship/placement/list',
        'GET /api/adviser/ti03/apiList',
        'PUT /api/adviser/ti03/assign',
        'GET /api/practice/contract/list',
        'POST /api/practice/contract/importExcel',
        'POST /api/practice/contract/file/upload',
        'GET /api/practice/contract/file/download',
        'DELETE /api/practice/contract/file/delete',
        'GET /api/practice/score/list',
        'PUT /api/practice/score/:id/cells',
        'POST /api/practice/score/:id/reopen',
      ]),
    );
  });

  it('names only button rules the database holds', async () => {
    const codes = Object.keys(HOLDERS);
    const rules = await t.db.select({ code: sysPermission.perms }).from(sysPermission).where(inArray(sysPermission.perms, codes));
    expect(codes.filter((code) => !rules.some((r) => r.code === code))).toEqual([]);
  });

  it.each(routes.map((route) => [route.name, describeAccess(route), route] as const))('%s (%s)', async (_name, _access, route) => {
    for (const caller of ['anonymous', ...DEMO_USERS] as const) {
      const expected = expectedStatus(route, caller);
      const token = caller === 'anonymous' ? undefined : ENDS_SESSION.has(route.name) ? await t.login(caller) : tokens[caller];
      const response = await call(route, token);
      const seen = `${route.name} as ${caller}: ${response.status} ${response.message ?? ''}`;
      if (expected === 'open') expect([401, 403], seen).not.toContain(response.status);
      else expect(response, seen).toEqual({ status: expected, message: expected === 401 ? TOKEN_INVALID_MESSAGE : FORBIDDEN });
    }
  });
});
