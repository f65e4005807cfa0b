import { connect, type AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_RESOURCES } from '@contract/basic-data.ts';
import { TOKEN_INVALID_MESSAGE, type ApiEnvelope } from '@contract/envelope.ts';
import { recordKinds } from '@contract/records.ts';
import { buildApp } from '../../server/app.ts';
import { SERVER_BUSY_MESSAGE } from '../../server/plugins/app/load-shedding.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { sysUser, sysUserRole } from '../../server/db/schema.ts';
import { DEMO_PASSWORD, expectError, expectOk, startTestApp, testConfig, testDatabaseSource, type TestApp, type TestServer } from './harness.ts';
import { openTestDatabase } from './test-database.ts';

const INTERNAL_ERROR = '服务器内部错误，请稍后重试';
const NOT_FOUND = '很抱歉，资源未找到!';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Every "METHOD /url" the app serves under /api, read from Fastify's route tree. A node nested under
 * another (4 columns further in) continues its parent's path: /api/sys/login, then "fo" for /api/sys/loginfo.
 */
function apiRoutes(app: TestServer): string[] {
  const parents: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!match) return [];
      const depth = Math.floor(match.index / 4);
      parents.length = depth;
      const url = `/${[...parents, match[1]!].join('').replace(/^\/+/, '')}`;
      parents.push(match[1]!);
      return (match[2] ?? '').split(', ').flatMap((method) => (method === 'HEAD' || !method ? [] : [`${method} ${url}`]));
    })
    .filter((route) => route.split(' ')[1]!.startsWith('/api/'));
}

describe('access of every API route', () => {
  /** Every API route and whether it is open without a session. A new route must be added here. */
  const ROUTES: Record<string, 'public' | 'session'> = {
    'GET /api/sys/getEncryptedString': 'public',
    'GET /api/documents/verify/:code': 'public',
    'GET /api/documents/template/:kind': 'session',
    'PUT /api/documents/template/:kind': 'session',
    'POST /api/documents/archive': 'session',
    'GET /api/documents/archive/:id': 'session',
    'GET /api/documents/archive/:id/file': 'session',
    'POST /api/sys/login': 'public',
    'POST /api/sys/loginpt': 'public',
    'POST /api/sys/sms': 'public',
    'POST /api/sys/phoneLogin': 'public',
    'POST /api/sys/user/alterPassword': 'public',
    'POST /api/sys/user/register': 'public',
    'POST /api/sys/retrieve/sendCode': 'public',
    'POST /api/sys/retrieve/verifyCode': 'public',
    'POST /api/sys/retrieve/resetPassword': 'public',
    'GET /api/sys/logo/getLogo': 'public',
    'GET /api/cas/client/queryCasList': 'public',
    'GET /api/cas/client/validateLogin': 'public',
    'GET /api/cas/client2/validateLogin': 'public',
    'GET /api/sys/user/caslogout': 'session',
    'GET /api/sys/user/getusertoken': 'session',
    'GET /api/sys/ping': 'public',
    // For a load balancer (issue 37): liveness and readiness.
    'GET /api/health': 'public',
    'GET /api/ready': 'public',
    'POST /api/sys/logout': 'session',
    'POST /api/sys/selectRole': 'session',
    'PUT /api/sys/selectDepart': 'session',
    'GET /api/sys/user/getCurrentUserDeparts': 'session',
    'GET /api/sys/user/getCurrentUserRoles': 'session',
    'PUT /api/sys/user/updatePassword': 'session',
    'PUT /api/sys/user/edit': 'session',
    'GET /api/sys/user/list': 'session',
    'GET /api/sys/user/queryById': 'session',
    'POST /api/sys/user/add': 'session',
    'PUT /api/sys/user/frozenBatch': 'session',
    'GET /api/sys/user/queryUserRole': 'session',
    'PUT /api/sys/user/changPassword': 'session',
    'GET /api/sys/user/checkOnlyUser': 'session',
    'GET /api/sys/user/listByYhlx': 'session',
    'GET /api/sys/user/listyh': 'session',
    'GET /api/sys/user/queryPagelist': 'session',
    'GET /api/sys/user/listjsquery': 'session',
    'GET /api/sys/user/listjsnotinptb01query': 'session',
    'PUT /api/sys/user/userAccessSave': 'session',
    'GET /api/sys/user/exportXls': 'session',
    'POST /api/sys/user/importExcel': 'session',
    'GET /api/sys/permission/getUserPermissionByToken': 'session',
    'GET /api/sys/permission/list': 'session',
    'POST /api/sys/permission/add': 'session',
    'PUT /api/sys/permission/edit': 'session',
    'DELETE /api/sys/permission/delete': 'session',
    // The tree resources' generic routes (ResourceDescription.tree): one node, and a batch delete.
    'GET /api/sys/permission/queryById': 'session',
    'DELETE /api/sys/permission/deleteBatch': 'session',
    'GET /api/sys/permission/queryTreeList': 'session',
    'GET /api/sys/permission/getSystemMenuList': 'session',
    'GET /api/sys/permission/getSystemSubmenu': 'session',
    'GET /api/sys/permission/queryRolePermission': 'session',
    'POST /api/sys/permission/saveRolePermission': 'session',
    'GET /api/sys/permission/getPermRuleListByPermId': 'session',
    'GET /api/sys/permission/queryPermissionRule': 'session',
    'GET /api/sys/role/list': 'session',
    'GET /api/sys/role/queryById': 'session',
    'POST /api/sys/role/add': 'session',
    'PUT /api/sys/role/edit': 'session',
    'DELETE /api/sys/role/delete': 'session',
    'DELETE /api/sys/role/deleteBatch': 'session',
    'GET /api/sys/role/queryall': 'session',
    'GET /api/sys/role/queryTreeList': 'session',
    'GET /api/sys/position/list': 'session',
    'GET /api/sys/position/queryById': 'session',
    'POST /api/sys/position/add': 'session',
    'PUT /api/sys/position/edit': 'session',
    'DELETE /api/sys/position/delete': 'session',
    'DELETE /api/sys/position/deleteBatch': 'session',
    'GET /api/sys/position/exportXls': 'session',
    'POST /api/sys/position/importExcel': 'session',
    'GET /api/sys/category/list': 'session',
    'GET /api/sys/category/queryById': 'session',
    'POST /api/sys/category/add': 'session',
    'PUT /api/sys/category/edit': 'session',
    'DELETE /api/sys/category/delete': 'session',
    'DELETE /api/sys/category/deleteBatch': 'session',
    'GET /api/sys/category/loadTreeRoot': 'session',
    'GET /api/sys/category/loadTreeData': 'session',
    'GET /api/sys/fillRule/list': 'session',
    'GET /api/sys/fillRule/queryById': 'session',
    'POST /api/sys/fillRule/add': 'session',
    'PUT /api/sys/fillRule/edit': 'session',
    'DELETE /api/sys/fillRule/delete': 'session',
    'DELETE /api/sys/fillRule/deleteBatch': 'session',
    'GET /api/sys/fillRule/executeRuleByCode/:ruleCode': 'session',
    'GET /api/sys/addressbook/list': 'session',
    'GET /api/sys/addressbook/departTree': 'session',
    'GET /api/sys/dict/getDictItems/:dictCode': 'session',
    'GET /api/sys/duplicate/check': 'session',
    'GET /api/sys/sysDepart/queryTreeList': 'session',
    'GET /api/sys/sysDepart/queryIdTree': 'session',
    'GET /api/sys/sysDepart/searchBy': 'session',
    'GET /api/sys/sysDepart/list': 'session',
    'GET /api/sys/sysDepart/queryById': 'session',
    'POST /api/sys/sysDepart/add': 'session',
    'PUT /api/sys/sysDepart/edit': 'session',
    'DELETE /api/sys/sysDepart/delete': 'session',
    'DELETE /api/sys/sysDepart/deleteBatch': 'session',
    'GET /api/sys/user/queryUserByDepId': 'session',
    'GET /api/sys/dict/list': 'session',
    'GET /api/sys/dict/queryById': 'session',
    'POST /api/sys/dict/add': 'session',
    'PUT /api/sys/dict/edit': 'session',
    'DELETE /api/sys/dict/delete': 'session',
    'DELETE /api/sys/dict/deleteBatch': 'session',
    'GET /api/sys/dict/loadDict/:dict': 'session',
    'GET /api/sys/dict/getDictBhyz': 'session',
    'GET /api/listdw': 'session',
    'GET /api/sys/dictItem/list': 'session',
    'POST /api/sys/dictItem/add': 'session',
    'PUT /api/sys/dictItem/edit': 'session',
    'DELETE /api/sys/dictItem/delete': 'session',
    'DELETE /api/sys/dictItem/deleteBatch': 'session',
    'GET /api/sys/annountCement/listByUser': 'session',
    'PUT /api/sys/sysAnnouncementSend/editByAnntIdAndUserId': 'session',
    'GET /api/sys/annountCement/queryById': 'session',
    'GET /api/sys/sysAnnouncementSend/getMyAnnouncementSend': 'session',
    'GET /api/sys/annountCement/list': 'session',
    'GET /api/sys/annountCement/adminQueryById': 'session',
    'GET /api/sys/annountCement/userOptions': 'session',
    'POST /api/sys/annountCement/add': 'session',
    'PUT /api/sys/annountCement/edit': 'session',
    'DELETE /api/sys/annountCement/delete': 'session',
    'DELETE /api/sys/annountCement/deleteBatch': 'session',
    'GET /api/sys/annountCement/doReleaseData': 'session',
    'GET /api/sys/annountCement/doReovkeData': 'session',
    'GET /api/sys/loginfo': 'session',
    'GET /api/sys/visitInfo': 'session',
    'GET /api/sys/log/list': 'session',
    'GET /api/sys/monitor/server': 'session',
    'GET /api/sys/quartzJob/list': 'session',
    'PUT /api/sys/quartzJob/pause': 'session',
    'PUT /api/sys/quartzJob/resume': 'session',
    'PUT /api/sys/quartzJob/edit': 'session',
    'POST /api/sys/quartzJob/execute': 'session',
    // Every declared record kind (contract/records.ts) serves its calls at its base: the same four for all,
    // the adviser's review for a reviewed kind, and what its fields and steps add.
    ...Object.fromEntries(
      recordKinds().flatMap((kind) =>
        [
          'GET mine',
          'GET :id',
          'PUT :id',
          'POST :id/attachments',
          ...(kind.lifecycle.type === 'review' ? ['GET review', 'POST :id/review', 'POST :id/review/correct', 'POST :id/retract', 'POST review/batch'] : []),
          ...(kind.fields.some((f) => f.kind === 'unit') ? ['GET unitOptions'] : []),
          ...(kind.noOverlap ? ['GET overlapDateCheck'] : []),
          ...(kind.afterApproval ? [`POST :id/${kind.afterApproval.action}`] : []),
          ...(kind.oncePerDate ? ['GET daily', 'GET workplaceProposals', 'POST workplaceProposals/:enrolmentId/confirm'] : []),
          ...(kind.compared ? ['GET :id/similarity', 'POST :id/similarity/:flagId/dismiss'] : []),
        ].map((call) => {
          const [method, path] = call.split(' ');
          return [`${method} /api${kind.base}/${path}`, 'session'] as const;
        }),
      ),
    ),
    'GET /api/workflow/todo': 'session',
    'GET /api/workflow/done': 'session',
    'GET /api/workflow/mine': 'session',
    'GET /api/workflow/instance/:id': 'session',
    'POST /api/workflow/task/:id/decide': 'session',
    'POST /api/workflow/instance/:id/withdraw': 'session',
    'GET /api/workflow/models': 'session',
    'PUT /api/workflow/models/:key': 'session',
    'GET /api/internship/attachments/:attachmentId': 'session',
    'GET /api/internship/interaction/list': 'session',
    'GET /api/internship/interaction/unread': 'session',
    'GET /api/internship/interaction/placements': 'session',
    'GET /api/internship/interaction/:id': 'session',
    'PUT /api/internship/interaction': 'session',
    'PUT /api/internship/interaction/:id/reply': 'session',
    'GET /api/internship/visit/students': 'session',
    'GET /api/internship/visit/list': 'session',
    'GET /api/internship/visit/:id': 'session',
    'PUT /api/internship/visit/:id': 'session',
    'POST /api/internship/visit/:id/attachments': 'session',
    'GET /api/practice/booking/list': 'session',
    'GET /api/practice/booking/pick': 'session',
    'POST /api/practice/booking/add': 'session',
    'GET /api/practice/timetable': 'session',
    'GET /api/practice/timetable/mine': 'session',
    'GET /api/practice/timetable/exportXls': 'session',
    'GET /api/practice/evaluation/courses': 'session',
    'POST /api/practice/evaluation/course': 'session',
    'GET /api/practice/evaluation/taught': 'session',
    'GET /api/practice/evaluation/students': 'session',
    'POST /api/practice/evaluation/student': 'session',
    'GET /api/practice/evaluation/received': 'session',
    'GET /api/practice/evaluation/stats': 'session',
    // 校企合作协议 (issue 14): the resource's calls and its files.
    'DELETE /api/practice/contract/delete': 'session',
    'DELETE /api/practice/contract/deleteBatch': 'session',
    'DELETE /api/practice/contract/file/delete': 'session',
    'GET /api/practice/contract/exportXls': 'session',
    'GET /api/practice/contract/file/download': 'session',
    'GET /api/practice/contract/file/list': 'session',
    'GET /api/practice/contract/list': 'session',
    'GET /api/practice/contract/queryById': 'session',
    'POST /api/practice/contract/add': 'session',
    'POST /api/practice/contract/file/upload': 'session',
    'POST /api/practice/contract/importExcel': 'session',
    'PUT /api/practice/contract/edit': 'session',
    // 成绩录入 (issue 14).
    'GET /api/practice/score/list': 'session',
    'GET /api/practice/score/courses': 'session',
    'GET /api/practice/score/classes': 'session',
    'POST /api/practice/score': 'session',
    'GET /api/practice/score/:id': 'session',
    'GET /api/practice/score/:id/exportXls': 'session',
    'GET /api/practice/score/:id/register': 'session',
    'PUT /api/practice/score/:id/cells': 'session',
    'POST /api/practice/score/:id/submit': 'session',
    'POST /api/practice/score/:id/reopen': 'session',
    // One internship season across people (issue 32): the homes' counts, the season's grid and 一键催交 (batch review
    // is each reviewed kind's, above), 立即检查, and whether an address is a page of the product.
    'GET /api/dashboard/todo': 'session',
    'GET /api/internship/season': 'session',
    'POST /api/internship/season/remind': 'session',
    'POST /api/internship/warning/check': 'session',
    'GET /api/sys/permission/isPage': 'session',
    'GET /api/dashboard/mine': 'session',
    'GET /api/docs': 'session',
    // 基础数据: each description serves the eight calls of a resource; the pickers' 院系 list.
    ...Object.fromEntries(
      BASIC_RESOURCES.flatMap((resource) =>
        (['GET list', 'GET queryById', 'POST add', 'PUT edit', 'DELETE delete', 'DELETE deleteBatch', 'GET exportXls', 'POST importExcel'] as const).map((call) => {
          const [method, action] = call.split(' ');
          return [`${method} /api${resource.api.base}/${action}`, 'session' as const];
        }),
      ),
    ),
    'GET /api/basic/depart/list': 'session',
    // 实习办 (issue 12): units, programs, placements and ti03, scores, warnings and statistics.
    'DELETE /api/internship/placement/delete': 'session',
    'DELETE /api/internship/placement/deleteBatch': 'session',
    'DELETE /api/internshipprogram/ti01/delete': 'session',
    'DELETE /api/internshipprogram/ti01/deleteBatch': 'session',
    'DELETE /api/internshipunit/rating/delete': 'session',
    'DELETE /api/internshipunit/rating/deleteBatch': 'session',
    'DELETE /api/internshipunit/ti04/contact/delete': 'session',
    'DELETE /api/internshipunit/ti04/contact/deleteBatch': 'session',
    'DELETE /api/internshipunit/ti04/delete': 'session',
    'DELETE /api/internshipunit/ti04/deleteBatch': 'session',
    'DELETE /api/internshipunit/ti04/post/delete': 'session',
    'DELETE /api/internshipunit/ti04/post/deleteBatch': 'session',
    'GET /api/adviser/ti03/apiList': 'session',
    'GET /api/internship/placement/exportXls': 'session',
    'GET /api/internship/placement/facts': 'session',
    'GET /api/internship/placement/file': 'session',
    'POST /api/internship/exception/add': 'session',
    'POST /api/internship/exception/upload': 'session',
    'GET /api/internship/exception/file': 'session',
    'GET /api/internship/placement/list': 'session',
    'GET /api/internship/placement/options/adviser': 'session',
    'GET /api/internship/placement/options/class': 'session',
    'GET /api/internship/placement/options/depart': 'session',
    'GET /api/internship/placement/options/major': 'session',
    'GET /api/internship/placement/options/mentor': 'session',
    'GET /api/internship/placement/options/post': 'session',
    'GET /api/internship/placement/options/program': 'session',
    'GET /api/internship/placement/options/student': 'session',
    'GET /api/internship/placement/options/unit': 'session',
    'GET /api/internship/placement/queryById': 'session',
    'GET /api/internship/placement/document': 'session',
    'GET /api/internship/compliance': 'session',
    'GET /api/internship/compliance/exportXls': 'session',
    'POST /api/internship/compliance/remind': 'session',
    'GET /api/internship/reporting/options': 'session',
    'GET /api/internship/reporting/exportXls': 'session',
    'GET /api/internship/reporting/settings': 'session',
    'PUT /api/internship/reporting/settings/codes': 'session',
    'PUT /api/internship/reporting/settings/columnMaps': 'session',
    'GET /api/internship/score/:enrolmentId': 'session',
    'GET /api/internship/score/appraisal': 'session',
    'GET /api/internship/score/register': 'session',
    'GET /api/internship/score/classes': 'session',
    'GET /api/internship/score/exportXls': 'session',
    'GET /api/internship/score/list': 'session',
    'GET /api/internship/score/programs': 'session',
    'GET /api/internship/stats/advisers': 'session',
    'GET /api/internship/stats/exportXls': 'session',
    'GET /api/internship/stats/placements': 'session',
    'GET /api/internship/stats/programs': 'session',
    'GET /api/internship/stats/report': 'session',
    'GET /api/internship/stats/report/exportXls': 'session',
    'GET /api/internship/stats/report/rates': 'session',
    'GET /api/internship/stats/warnings': 'session',
    'GET /api/internship/stats/weekly': 'session',
    'GET /api/internship/warning/exportXls': 'session',
    'GET /api/internship/warning/list': 'session',
    'GET /api/internship/warning/options/:kind': 'session',
    'GET /api/internship/warning/queryById': 'session',
    'GET /api/internshipprogram/ti01/classOptions': 'session',
    'GET /api/internshipprogram/ti01/classes': 'session',
    'GET /api/internshipprogram/ti01/exportXls': 'session',
    'GET /api/internshipprogram/ti01/getStuList': 'session',
    'GET /api/internshipprogram/ti01/list': 'session',
    'GET /api/internshipprogram/ti01/queryById': 'session',
    'GET /api/internshipunit/ti04/apiList': 'session',
    'GET /api/internshipunit/ti04/publishedList': 'session',
    'GET /api/internshipunit/ti04/siteReport': 'session',
    'POST /api/internshipunit/ti04/siteReport/upload': 'session',
    'GET /api/internshipunit/rating/exportXls': 'session',
    'GET /api/internshipunit/rating/list': 'session',
    'GET /api/internshipunit/rating/queryById': 'session',
    'GET /api/internshipunit/ti04/contact/list': 'session',
    'GET /api/internshipunit/ti04/contact/queryById': 'session',
    'GET /api/internshipunit/ti04/exportXls': 'session',
    'GET /api/internshipunit/ti04/post/list': 'session',
    'GET /api/internshipunit/ti04/post/queryById': 'session',
    'GET /api/internshipunit/ti04/queryById': 'session',
    'POST /api/internship/placement/add': 'session',
    'POST /api/internship/placement/importExcel': 'session',
    'POST /api/internship/placement/status': 'session',
    'POST /api/internship/placement/upload': 'session',
    'POST /api/internship/score/:enrolmentId/reopen': 'session',
    'POST /api/internship/score/publish': 'session',
    'POST /api/internshipprogram/ti01/add': 'session',
    'POST /api/internshipprogram/ti01/addClasses': 'session',
    'POST /api/internshipprogram/ti01/enrol': 'session',
    'POST /api/internshipprogram/ti01/removeClass': 'session',
    'POST /api/internshipprogram/ti01/status': 'session',
    'POST /api/internshipunit/ti04/add': 'session',
    'POST /api/internshipunit/rating/add': 'session',
    'POST /api/internshipunit/ti04/contact/account': 'session',
    'POST /api/internshipunit/ti04/contact/add': 'session',
    'POST /api/internshipunit/ti04/importExcel': 'session',
    'POST /api/internshipunit/ti04/post/add': 'session',
    'POST /api/internshipunit/ti04/review': 'session',
    'PUT /api/adviser/ti03/assign': 'session',
    'PUT /api/internship/placement/edit': 'session',
    'PUT /api/internship/score/:enrolmentId/adviser': 'session',
    'PUT /api/internship/score/:enrolmentId/mentor': 'session',
    'PUT /api/internship/warning/handle': 'session',
    'PUT /api/internshipprogram/ti01/edit': 'session',
    'PUT /api/internshipunit/rating/edit': 'session',
    'PUT /api/internshipunit/ti04/contact/edit': 'session',
    'PUT /api/internshipunit/ti04/edit': 'session',
    'PUT /api/internshipunit/ti04/post/edit': 'session',
  };

  it('lists exactly the routes the app serves', () => {
    expect(apiRoutes(t.app).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))('%s is %s', async (route, access) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
    const response = await t.request(method, url.replace(/:\w+/g, 'x'), method === 'GET' ? {} : { body: {} });
    if (access === 'session') expectError(response, 401, TOKEN_INVALID_MESSAGE);
    else expect(response.status).not.toBe(401);
  });

  describe('a route added under the API prefix', () => {
    let app: TestServer;
    beforeAll(async () => {
      app = await buildApp({ config: t.config, database: t.database, logger: false });
    });
    afterAll(() => app.close());

    it('stops start-up when it declares no access', async () => {
      app.register(async (plugin) => {
        plugin.get('/api/sys/undeclared', async () => 'open');
      });
      await expect(app.ready()).rejects.toThrow('Route GET /api/sys/undeclared declares no access (config.access)');
    });
  });
});

describe('answers for what does not exist', () => {
  it.each([
    { method: 'GET', url: '/api/sys/no-such-call' },
    { method: 'DELETE', url: '/api/sys/login' },
    { method: 'GET', url: '/api/' },
  ] as const)('$method $url is a 404 envelope', async ({ method, url }) => {
    expectError(await t.request(method, url), 404, NOT_FOUND);
  });

  it('answers plain 404 outside the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('404 Not Found');
  });
});

describe('errors', () => {
  const leaksInternals = (body: string) => /sys_|select |relation|stack|\bat .+\.(ts|js)|node_modules/i.test(body);

  it('answers a database failure with a plain 500, without SQL or stack', async () => {
    await t.db.execute(sql`ALTER TABLE sys_logo RENAME TO sys_logo_moved`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/sys/logo/getLogo' });
      expect(response.statusCode).toBe(500);
      expect(response.json<ApiEnvelope>()).toMatchObject({ success: false, code: 500, message: INTERNAL_ERROR, result: null });
      expect(leaksInternals(response.body)).toBe(false);
    } finally {
      await t.db.execute(sql`ALTER TABLE sys_logo_moved RENAME TO sys_logo`);
    }
    expectOk(await t.get('/api/sys/logo/getLogo'));
  });

  /** A framework refusal: the envelope, the status in it, a Chinese message, nothing of Fastify's own body. */
  function expectEnvelope(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as ApiEnvelope;
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'result', 'success', 'timestamp']);
    expect(body).toMatchObject({ success: false, code: status, message, result: null });
    expect(response.body).not.toMatch(/FST_|"error"|statusCode/);
    expect(leaksInternals(response.body)).toBe(false);
  }

  const login = (headers: Record<string, string>, payload?: string) => t.app.inject({ method: 'POST', url: '/api/sys/login', headers, ...(payload === undefined ? {} : { payload }) });

  it.each([
    { name: 'malformed JSON', send: () => login({ 'content-type': 'application/json' }, '{"username": '), status: 400, message: '请求内容不是有效的 JSON' },
    { name: 'an empty JSON body', send: () => login({ 'content-type': 'application/json' }, ''), status: 400, message: '请求内容为空：声明为 JSON 的请求须带有内容' },
    { name: 'an unsupported media type', send: () => login({ 'content-type': 'application/xml' }, '<login/>'), status: 415, message: '不支持的请求格式' },
    {
      name: 'a body over the 1 MB limit',
      send: () => login({ 'content-type': 'application/json' }, JSON.stringify({ username: 'x'.repeat(1_100_000) })),
      status: 413,
      message: '请求内容过大，不能超过 1 MB',
    },
    {
      name: 'a Content-Length the body does not match',
      send: () => login({ 'content-type': 'application/json', 'content-length': '100' }, '{}'),
      status: 400,
      message: '请求内容的长度与 Content-Length 不符',
    },
    {
      name: 'a path parameter over 100 characters',
      send: () => t.app.inject({ method: 'GET', url: `/api/sys/dict/getDictItems/${'a'.repeat(101)}` }),
      status: 414,
      message: '请求路径中的参数过长，不能超过 100 个字符',
    },
    { name: 'a path that does not decode', send: () => t.app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/%E0%A4%A' }), status: 400, message: '请求路径无效' },
    { name: 'a method the path does not take', send: () => t.app.inject({ method: 'PATCH', url: '/api/sys/login' }), status: 404, message: NOT_FOUND },
    { name: 'a path nothing serves', send: () => t.app.inject({ method: 'GET', url: '/api/sys/no-such-call' }), status: 404, message: NOT_FOUND },
  ])('answers $name in the envelope', async ({ send, status, message }) => {
    expectEnvelope(await send(), status, message);
  });

  it('still routes a path parameter of exactly 100 characters (to the route’s own validation)', async () => {
    const token = await t.login('admin');
    const response = await t.app.inject({ method: 'GET', url: `/api/sys/dict/getDictItems/${'a'.repeat(100)}`, headers: { 'x-access-token': token } });
    expectEnvelope(response, 400, '数值过大：期望 string <=64 字符');
  });

  describe('requests Node cannot parse, over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Sends raw bytes and reads the whole answer until the server closes the connection. */
    const rawRequest = (bytes: string) =>
      new Promise<{ statusCode: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
        let answer = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
        socket.on('error', reject).on('close', () => {
          const [head = '', body = ''] = answer.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
        });
      });

    it.each([
      { name: 'a broken header line', bytes: 'GET /api/sys/ping HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', status: 400, message: '请求格式有误' },
      { name: 'headers over 16 KB', bytes: `GET /api/sys/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431, message: '请求头过大' },
    ])('answers $name in the envelope', async ({ bytes, status, message }) => {
      expectEnvelope(await rawRequest(bytes), status, message);
    });
  });
});

describe('an installation without demo data', () => {
  let database: DatabaseHandle;
  const NO_DEMO = { DEMO_DATA: undefined };
  beforeAll(async () => {
    database = await openTestDatabase(testDatabaseSource(), { empty: true });
  });
  afterAll(() => database.close());

  const users = async () => database.db.select({ username: sysUser.username, roleId: sysUserRole.roleId }).from(sysUser).leftJoin(sysUserRole, eq(sysUserRole.userId, sysUser.id));

  it.each([
    { name: 'no ADMIN_PASSWORD', adminPassword: undefined },
    { name: 'a weak ADMIN_PASSWORD', adminPassword: 'admin123' },
  ])('refuses to start with $name, saying what to set', async ({ adminPassword }) => {
    const config = testConfig(t.config.dataDir, { ...NO_DEMO, ADMIN_PASSWORD: adminPassword });
    await expect(buildApp({ config, database, logger: false })).rejects.toThrow(/ADMIN_PASSWORD.*DEMO_DATA=true/);
    expect(await users()).toEqual([]);
  });

  it('creates one administrator with ADMIN_PASSWORD, once', async () => {
    const first = await startTestApp({}, { database, env: { ...NO_DEMO, ADMIN_PASSWORD: 'Admin@2026x' } });
    try {
      expect(await users()).toEqual([{ username: 'admin', roleId: 'role-admin' }]);
      const login = expectOk(await first.loginRequest('admin', 'Admin@2026x'));
      expect(login.sysroles.map((r) => r.id)).toEqual(['role-admin']);
      expectError(await first.loginRequest('admin', DEMO_PASSWORD), 400, '用户名或密码错误');
    } finally {
      await first.close();
    }

    const restarted = await startTestApp({}, { database, env: { ...NO_DEMO, ADMIN_PASSWORD: 'Other@2026x' } });
    try {
      expect((await database.db.select({ n: count() }).from(sysUser))[0]!.n).toBe(1);
      await restarted.login('admin', 'Admin@2026x');
    } finally {
      await restarted.close();
    }
  });
});

describe('load shedding', () => {
  // A process that runs two API requests at once: two uploads still arriving hold both places.
  let busy: TestApp;
  let base: string;
  beforeAll(async () => {
    busy = await startTestApp({ maxInFlight: 2 }, { database: t.database });
    await busy.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(busy.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => busy.close());

  /** A POST whose headers have arrived and whose body has not: the server holds it as running. */
  const halfSent = () => {
    const socket = connect((busy.app.server.address() as AddressInfo).port, '127.0.0.1');
    socket.write('POST /api/sys/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    socket.on('error', () => {});
    return socket;
  };

  it('answers a request past the limit at once with 503, Retry-After and the envelope, never /sys/ping; a place frees when a client goes away', async () => {
    const dictionary = () => fetch(`${base}/api/sys/dict/getDictItems/sex`);
    const held = [halfSent(), halfSent()];
    await expect.poll(async () => (await dictionary()).status, { timeout: 5_000 }).toBe(503);
    const refused = await dictionary();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(2);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect(await refused.json()).toMatchObject({ success: false, code: 503, message: SERVER_BUSY_MESSAGE });
    expect((await fetch(`${base}/api/sys/ping`)).status).toBe(200);

    held[0]!.destroy();
    await expect.poll(async () => (await dictionary()).status, { timeout: 5_000 }).not.toBe(503);
    held[1]!.destroy();
  });
});

describe('login rate limit', () => {
  // Two API processes on one database (the counters live there), each allowing 3 logins a minute.
  let limited: TestApp;
  let otherProcess: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ authRateLimit: 3 }, { database: t.database });
    otherProcess = await startTestApp({ authRateLimit: 3 }, { database: t.database });
  });
  afterAll(async () => {
    await limited.close();
    await otherProcess.close();
  });

  async function loginFrom(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      remoteAddress,
      headers,
      payload: { username: 'teacher01', password: await app.encrypt(DEMO_PASSWORD) },
    });
    return { status: response.statusCode, body: response.json<ApiEnvelope<unknown>>() };
  }

  it('answers 429 to the 4th login within a minute from one address', async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect((await loginFrom(limited, '198.51.100.1')).status).toBe(200);
    const refused = await loginFrom(limited, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('操作过于频繁，请稍后再试');
    expect((await loginFrom(limited, '198.51.100.2')).status).toBe(200);
    expectOk(await limited.get('/api/sys/getEncryptedString'));
  });

  it('counts the logins of one address on every process', async () => {
    const statuses = [];
    for (const app of [limited, otherProcess, limited, otherProcess]) statuses.push((await loginFrom(app, '198.51.100.3')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts per connection, whatever X-Forwarded-For the client makes up', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) statuses.push((await loginFrom(limited, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${attempt}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
