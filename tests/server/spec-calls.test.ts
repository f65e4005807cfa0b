import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';

/**
 * SPEC.md section 7's calls, as SPEC writes them (method and path, under our API prefix /api). A call SPEC
 * writes without a method takes the one its list starts with ("GET queryUserRole, list, listyh" are all GET);
 * where SPEC leaves the method open, SPEC-DECISIONS.md's choice. The test fails when the server serves one of
 * them no longer (or not yet).
 */
const SPEC_CALLS = [
  // Session
  'POST /sys/login',
  'POST /sys/phoneLogin',
  'POST /sys/loginpt',
  'POST /sys/logout',
  'POST /sys/selectRole',
  'PUT /sys/selectDepart',
  'GET /sys/user/getCurrentUserDeparts',
  'GET /sys/getEncryptedString',
  'GET /sys/logo/getLogo',
  'GET /cas/client/queryCasList',
  // System administration: roles
  'POST /sys/role/add',
  'PUT /sys/role/edit',
  'GET /sys/role/queryall',
  'GET /sys/role/queryTreeList',
  // users
  'POST /sys/user/add',
  'PUT /sys/user/edit',
  'GET /sys/user/queryUserRole',
  'GET /sys/user/list',
  'GET /sys/user/listyh',
  'PUT /sys/user/frozenBatch',
  'GET /sys/user/checkOnlyUser',
  // SPEC lists changPassword after "GET checkOnlyUser"; JeecgBoot's (and ours) is a PUT.
  'PUT /sys/user/changPassword',
  'PUT /sys/user/userAccessSave',
  'GET /sys/user/queryUserByDepId',
  'GET /sys/user/listjsquery',
  'GET /sys/user/listjsnotinptb01query',
  'GET /sys/user/queryPagelist',
  'GET /sys/user/listByYhlx',
  'PUT /sys/user/updatePassword',
  // permissions
  'POST /sys/permission/add',
  'PUT /sys/permission/edit',
  'GET /sys/permission/list',
  'GET /sys/permission/getSystemMenuList',
  'GET /sys/permission/getSystemSubmenu',
  'GET /sys/permission/queryTreeList',
  'GET /sys/permission/queryRolePermission',
  'GET /sys/permission/getUserPermissionByToken',
  'GET /sys/permission/getPermRuleListByPermId',
  'GET /sys/permission/queryPermissionRule',
  'POST /sys/permission/saveRolePermission',
  // departments
  'GET /sys/sysDepart/queryTreeList',
  'GET /sys/sysDepart/queryIdTree',
  'GET /sys/sysDepart/searchBy',
  'DELETE /sys/sysDepart/delete',
  // dictionaries
  'POST /sys/dict/add',
  'PUT /sys/dict/edit',
  'POST /sys/dictItem/add',
  'PUT /sys/dictItem/edit',
  'GET /sys/dict/getDictItems/:dictCode',
  'GET /sys/dict/loadDict/:dict',
  'GET /sys/dict/getDictBhyz',
  // announcements
  'GET /sys/annountCement/listByUser',
  'GET /sys/annountCement/queryById',
  'GET /sys/annountCement/doReleaseData',
  'GET /sys/annountCement/doReovkeData',
  'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId',
  // logs, duplicate check
  'GET /sys/loginfo',
  'GET /sys/visitInfo',
  'GET /sys/duplicate/check',
  // Business lists (GET)
  'GET /theclassinformation/class01/list',
  'GET /courseinformation/tf02/list',
  'GET /listdw',
  'GET /adviser/ti03/apiList',
  'GET /internshipunit/ti04/apiList',
  'GET /internshipprogram/ti01/getStuList',
  'GET /appQxj/appQxj01/overlapDateCheck',
  // Single sign-on.
  'GET /cas/client/validateLogin',
  'GET /cas/client2/validateLogin',
  'GET /sys/user/caslogout',
  'GET /sys/user/getusertoken',
] as const;

/**
 * The names SPEC gives that are constants of the ant-design-pro template the old client was built on, not
 * calls of its own server, each with the call of ours that does what it names.
 */
const TEMPLATE_NAMES: Record<string, string> = {
  '/account/sms': 'POST /sys/sms',
  '/auth/register': 'POST /sys/user/register',
  '/auth/forge-password': 'POST /sys/retrieve/sendCode',
  '/user/info': 'GET /sys/permission/getUserPermissionByToken',
  // GetPermissionList (SPEC: "paths of the store actions: not shown"), JeecgBoot's queryPermissionsByUser.
  GetPermissionList: 'GET /sys/permission/getUserPermissionByToken',
  '/api/user': 'GET /sys/user/list',
  '/api/role': 'GET /sys/role/list',
  '/api/permission': 'GET /sys/permission/list',
  // Our menu list is the whole tree, unpaged.
  '/api/permission/no-pager': 'GET /sys/permission/list',
};


const registered: RouteOptions[] = [];
const t = await startTestApp({}, { onRoute: (route) => void registered.push(route) });
afterAll(() => t.close());

const served = new Set(
  registered.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method.toUpperCase()} ${route.url}`)),
);
const underApi = (call: string) => {
  const [method, path] = call.split(' ') as [string, string];
  return `${method} ${t.config.apiPrefix}${path}`;
};

describe('SPEC.md section 7', () => {
  it.each(SPEC_CALLS)('serves %s', (call) => {
    expect(served.has(underApi(call)), `${underApi(call)} is served`).toBe(true);
  });

  it.each(Object.entries(TEMPLATE_NAMES))('serves %s as %s', (_name, call) => {
    expect(served.has(underApi(call)), `${underApi(call)} is served`).toBe(true);
  });

  it('would notice a missing call', () => {
    expect(served.has(underApi('GET /sys/user/noSuchCall'))).toBe(false);
  });
});
