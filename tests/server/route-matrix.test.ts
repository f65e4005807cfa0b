import { inArray } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, TOKEN_INVALID_MESSAGE, type ApiEnvelope } from '@contract/envelope.ts';
import { sysPermission } from '../../server/db/schema.ts';
import type { RouteAccess } from '../../server/types.ts';
import { startTestApp } from './harness.ts';

/**
 * The permission matrix: every API route the app serves, called as anonymous and as each demo user,
 * with the status its declared access (config.access) and the table below lead to. Routes are read as
 * the app registers them, so a new route joins the matrix without anyone listing it here.
 */

// Every route as registered, with its config, seen through an onRoute hook on the app being built.
const registered: RouteOptions[] = [];

const DEMO_USERS = ['student01', 'teacher01', 'mentor01', 'admin'] as const;
type DemoUser = (typeof DEMO_USERS)[number];
type Caller = 'anonymous' | DemoUser;

const systemCodes = (area: string, actions: string[]) => Object.fromEntries(actions.map((action) => [`system:${area}:${action}`, ['admin'] as const]));
/** 基础数据 (migration 0011): every entity's six rules, of the demo users only admin's (院系管理员 is none of them). */
const basicCodes = (entities: string[]) =>
  Object.fromEntries(entities.flatMap((entity) => ['list', 'add', 'edit', 'delete', 'import', 'export'].map((action) => [`basic:${entity}:${action}`, ['admin'] as const])));

/**
 * Which demo users hold each button permission (server/db/migrations: 0004 monitor, 0005 internship,
 * 0007 system administration, 0009 visit statistics, 0011 basic data; every rule there is in force, status '1'). A
 * route whose code is missing here fails the matrix: add the code with its holders.
 */
const HOLDERS: Record<string, readonly DemoUser[]> = {
  'dashboard:monitor:server': ['admin'],
  'dashboard:visit:stats': ['admin'],
  'internship:weekly:mine': ['student01'],
  'internship:weekly:review': ['teacher01', 'admin'],
  'internship:weekly:all': ['admin'],
  // Reading students' records (migration 0033): the adviser and the mentor by relation, the office and admin by role.
  'internship:record:read': ['teacher01', 'mentor01', 'admin'],
  // The workflow (migration 0024): the process models are admin's; every application is admin's and the office's to read.
  'workflow:model:edit': ['admin'],
  // 互动 (migration 0026): the student, the adviser and the mentor of a placement.
  'internship:interaction:use': ['student01', 'teacher01', 'mentor01'],
  // 走访记录 (migration 0027): advisers file their visits; advisers and admin list them.
  'internship:visit:file': ['teacher01'],
  'internship:visit:list': ['teacher01', 'admin'],
  // 实训预约 and 实训课表 (migration 0028): teachers book; the office and admin book for everyone; students read timetables.
  'practice:booking:add': ['teacher01', 'admin'],
  'practice:booking:all': ['admin'],
  'practice:timetable:view': ['student01', 'teacher01', 'admin'],
  // 实训评价 (migration 0029): students rate courses, teachers rate students, admin reads the figures.
  'practice:evaluation:course': ['student01'],
  'practice:evaluation:student': ['teacher01'],
  'practice:evaluation:stats': ['admin'],
  'workflow:instance:all': ['admin'],
  // 实习预警 and 实习统计 (migration 0018): advisers list and handle their students' warnings; export and statistics are the office's, a department's and admin's.
  'internship:warning:list': ['teacher01', 'admin'],
  'internship:warning:handle': ['teacher01', 'admin'],
  'internship:warning:export': ['admin'],
  'internship:warning:check': ['admin'],
  'internship:stats:view': ['admin'],
  // 实习成绩 (migrations 0018, 0019): students read their own once published, mentors evaluate, advisers score; publish and export are the office's and admin's.
  'internship:score:list': ['student01', 'teacher01', 'mentor01', 'admin'],
  'internship:score:evaluate': ['mentor01', 'admin'],
  'internship:score:adviser': ['teacher01', 'admin'],
  'internship:score:publish': ['admin'],
  'internship:score:export': ['admin'],
  ...systemCodes('user', ['list', 'add', 'edit', 'frozen', 'resetPassword', 'import', 'export']),
  ...systemCodes('role', ['list', 'add', 'edit', 'delete', 'authorize']),
  ...systemCodes('permission', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('depart', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('dict', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('announcement', ['list', 'add', 'edit', 'delete', 'release']),
  ...systemCodes('position', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('category', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('fillrule', ['list', 'add', 'edit', 'delete']),
  ...systemCodes('addressbook', ['list']),
  ...systemCodes('log', ['list']),
  ...systemCodes('job', ['list', 'edit', 'run']),
  ...basicCodes(['campus', 'building', 'classroom', 'major', 'class', 'course', 'teacher', 'student']),
  // 实习单位 (migration 0018): 实习办 and 院系管理员 (neither a demo user here) and admin; review the office's and admin's.
  ...Object.fromEntries(['list', 'add', 'edit', 'delete', 'import', 'export', 'review'].map((action) => [`internship:unit:${action}`, ['admin'] as const])),
  // 实习计划 (migration 0018): 实习办 and 院系管理员 (neither a demo user here) and admin.
  ...Object.fromEntries(['list', 'add', 'edit', 'delete', 'export', 'enrol'].map((action) => [`internship:program:${action}`, ['admin'] as const])),
  // 实习安排 (migration 0018): students, advisers and mentors see their own; managing them is the office's, a department's and admin's.
  'internship:placement:list': ['student01', 'teacher01', 'mentor01', 'admin'],
  // 成绩录入 (migration 0028): teachers, the office and admin enter their own sheets; the office and admin read all; admin reopens.
  'practice:score:input': ['teacher01', 'admin'],
  'practice:score:all': ['admin'],
  'practice:score:reopen': ['admin'],
  ...Object.fromEntries(['add', 'edit', 'delete', 'import', 'export', 'assign', 'status'].map((action) => [`internship:placement:${action}`, ['admin'] as const])),
  // 校企合作协议 (migration 0028): 实习办 (not a demo user here) and admin; its files go with list (read) and edit (upload, delete).
  ...Object.fromEntries(['list', 'add', 'edit', 'delete', 'import', 'export'].map((action) => [`practice:contract:${action}`, ['admin'] as const])),
};

/** Calls that end the caller's session: made with a fresh session each, so the shared ones live on. */
const ENDS_SESSION = new Set(['POST /api/sys/logout']);
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
  if (!holders) throw new Error(`The permission code ${code} is not in the HOLDERS table of tests/server/route-matrix.test.ts: add it with the demo users that hold it.`);
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
