import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionNode, PermissionTreeNode, PermissionTreeResult } from '@contract/permission-admin.ts';
import { isActionAllowed, type MenuItem, type UserPermissions } from '@contract/permissions.ts';
import type { RoleRow } from '@contract/role.ts';
import { sysPermission, sysRolePermission } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

const FORBIDDEN = '没有权限执行此操作';
const admin = () => tokens.admin!;
const student = () => tokens.student01!;

const tree = async () => expectOk(await t.get<PermissionNode[]>('/api/sys/permission/list', admin()));
const flattenNodes = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flattenNodes(n.children ?? [])]);
const nodeOf = async (id: string) => flattenNodes(await tree()).find((n) => n.id === id)!;
const permissionsOf = async (token: string) => expectOk(await t.get<UserPermissions>('/api/sys/permission/getUserPermissionByToken', token));
const flattenMenu = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flattenMenu(item.children ?? [])]);
const menuIdsOf = async (token: string) => flattenMenu((await permissionsOf(token)).menu).map((item) => item.id);
const rowOf = async (id: string) => (await t.db.select().from(sysPermission).where(eq(sysPermission.id, id)))[0];
const nodeCount = async () => (await t.db.select({ n: count() }).from(sysPermission))[0]!.n;
const grantsOf = async (permissionId: string) =>
  (await t.db.select({ roleId: sysRolePermission.roleId }).from(sysRolePermission).where(eq(sysRolePermission.permissionId, permissionId))).map((r) => r.roleId).sort();
const rolePermissions = async (roleId: string) => expectOk(await t.get<string[]>('/api/sys/permission/queryRolePermission', admin(), { roleId }));
const savePermissions = (roleId: string, permissionIds: string | string[]) => t.post('/api/sys/permission/saveRolePermission', { roleId, permissionIds, lastpermissionIds: '' }, admin());
const remove = (id: string) => t.request('DELETE', '/api/sys/permission/delete', { token: admin(), query: { id } });

const add = async (body: object) => expectOk(await t.post<PermissionNode>('/api/sys/permission/add', body, admin()), '添加成功！');
const edit = (body: object) => t.put<PermissionNode>('/api/sys/permission/edit', body, admin());
const rootMenu = (over: object = {}) => ({ name: '测试菜单', menuType: 0, url: `/${uniqueName('m')}`, component: 'layouts/RouteView', sortNo: 50, ...over });
const subMenu = (parentId: string, over: object = {}) => ({ name: '测试子菜单', menuType: 1, parentId, url: `/${uniqueName('s')}`, component: 'dashboard/Workplace', ...over });
const button = (parentId: string, over: object = {}) => ({ name: '测试按钮', menuType: 2, parentId, perms: `test:${uniqueName('b')}:add`, status: '1', ...over });

describe('GET /sys/permission/list', () => {
  it('gives every node once, menus and buttons nested under their parents, by sort_no', async () => {
    const nodes = flattenNodes(await tree());
    expect(nodes).toHaveLength(await nodeCount());
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);

    const system = (await tree()).find((n) => n.id === 'menu-system')!;
    expect(system).toMatchObject({ parentId: null, menuType: 0, url: '/system', leaf: false });
    const sortNos = system.children!.map((n) => n.sortNo);
    expect(sortNos).toEqual([...sortNos].sort((a, b) => a - b));
    expect(system.children![0]!.id).toBe('menu-system-user');

    const role = system.children!.find((n) => n.id === 'menu-system-role')!;
    expect(role.children!.map((n) => n.perms)).toEqual(['system:role:list', 'system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:authorize']);
    expect(role.children![4]).toEqual({
      id: 'btn-system-role-authorize',
      parentId: 'menu-system-role',
      name: '授权',
      url: null,
      component: null,
      componentName: null,
      redirect: null,
      menuType: 2,
      perms: 'system:role:authorize',
      permsType: '1',
      sortNo: 5,
      alwaysShow: false,
      icon: null,
      route: false,
      keepAlive: false,
      hidden: false,
      internalOrExternal: false,
      status: '1',
      leaf: true,
    });
  });

  it('includes hidden menus', async () => {
    expect(await nodeOf('menu-account')).toMatchObject({ hidden: true, route: true, component: 'layouts/RouteView', redirect: '/account/center' });
  });
});

describe('GET /sys/permission/queryTreeList', () => {
  it('gives the authorisation tree and every id', async () => {
    const { treeList, ids } = expectOk(await t.get<PermissionTreeResult>('/api/sys/permission/queryTreeList', admin()));
    const flat = (nodes: PermissionTreeNode[]): PermissionTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    expect(ids.sort()).toEqual(flat(treeList).map((n) => n.key).sort());
    expect(ids).toHaveLength(await nodeCount());
    const system = treeList.find((n) => n.key === 'menu-system')!;
    expect(system).toMatchObject({ value: 'menu-system', title: '系统管理', isLeaf: false, menuType: 0 });
    const authorize = flat(system.children!).find((n) => n.key === 'btn-system-role-authorize');
    expect(authorize).toEqual({ key: 'btn-system-role-authorize', value: 'btn-system-role-authorize', title: '授权', parentId: 'menu-system-role', icon: null, menuType: 2, isLeaf: true });
  });
});

describe('POST /sys/permission/add', () => {
  it('adds a root menu, a sub menu and a button, granted to the administrator role only', async () => {
    const root = await add(rootMenu({ name: '新模块', icon: 'star' }));
    const sub = await add(subMenu(root.id, { name: '新页面', componentName: 'new-page' }));
    const btn = await add(button(sub.id, { name: '新按钮' }));
    expect(root).toMatchObject({ parentId: null, menuType: 0, name: '新模块', icon: 'star', route: true, status: '1' });
    expect(await rowOf(sub.id)).toMatchObject({ parentId: root.id, menuType: 1, name: '新页面', componentName: 'new-page', isRoute: true });
    expect(await rowOf(btn.id)).toMatchObject({ parentId: sub.id, menuType: 2, perms: btn.perms, status: '1', url: null, isRoute: false });
    for (const id of [root.id, sub.id, btn.id]) expect(await grantsOf(id)).toEqual(['role-admin']);

    // At the next permission fetch: the administrator sees them, a teacher does not.
    const adminView = await permissionsOf(admin());
    expect(flattenMenu(adminView.menu).find((item) => item.id === sub.id)).toMatchObject({ meta: { title: '新页面', permissionList: [{ action: btn.perms, status: '1' }] } });
    expect(adminView.auth.map((r) => r.action)).toContain(btn.perms);
    expect(await menuIdsOf(tokens.teacher01!)).not.toContain(root.id);
    expect((await permissionsOf(tokens.teacher01!)).allAuth).toContainEqual({ action: btn.perms, describe: '新按钮', type: '2', status: '1' });
  });

  it('shows an internal http(s) page in a frame and leaves an external link without component', async () => {
    const framed = await add(subMenu('menu-dashboard', { url: 'https://example.edu.cn/portal', component: '' }));
    expect(framed.component).toBe('layouts/IframePageView');
    const external = await add(subMenu('menu-dashboard', { url: 'http://example.edu.cn', component: 'ignored', internalOrExternal: true }));
    expect(external).toMatchObject({ component: null, internalOrExternal: true });
  });

  it.each([
    { name: 'no name', body: () => rootMenu({ name: '' }), message: '请输入菜单名称' },
    { name: 'no type', body: () => rootMenu({ menuType: undefined }), message: '请选择菜单类型' },
    { name: 'an unknown type', body: () => rootMenu({ menuType: 3 }), message: '请选择菜单类型' },
    { name: 'a menu without path', body: () => rootMenu({ url: '' }), message: '请输入菜单路径' },
    { name: 'a path without /', body: () => rootMenu({ url: 'system/x' }), message: '菜单路径须以 / 开头，或为 http:// 、https:// 开头的地址' },
    { name: 'an external link at a path', body: () => rootMenu({ url: '/x', internalOrExternal: true }), message: '外部链接须以 http:// 或 https:// 开头' },
    { name: 'an internal page without component', body: () => rootMenu({ component: ' ' }), message: '请输入前端组件' },
    { name: 'a sub menu without parent', body: () => subMenu(''), message: '请选择上级菜单' },
    { name: 'a sub menu under a missing parent', body: () => subMenu('no-such-menu'), message: '上级菜单不存在' },
    { name: 'a button without parent', body: () => button('', {}), message: '请选择上级菜单' },
    { name: 'a button under a button', body: () => button('btn-system-role-add'), message: '按钮下不能再添加菜单或按钮' },
    { name: 'a button without code', body: () => button('menu-system-role', { perms: '' }), message: '请输入授权标识' },
    { name: 'a code without parts', body: () => button('menu-system-role', { perms: 'roleadd' }), message: '授权标识格式如 system:user:add' },
    { name: 'a code with spaces', body: () => button('menu-system-role', { perms: 'system:role add' }), message: '授权标识格式如 system:user:add' },
    { name: 'a taken code', body: () => button('menu-system-user', { perms: 'system:role:list' }), message: '授权标识已存在' },
    { name: 'an unknown status', body: () => button('menu-system-role', { status: '2' }), message: '请选择状态（有效或无效）' },
    { name: 'a name over 50 characters', body: () => rootMenu({ name: '菜'.repeat(51) }), message: '不能超过50个字符' },
  ])('refuses $name and adds nothing', async ({ body, message }) => {
    const before = await nodeCount();
    expectError(await t.post('/api/sys/permission/add', body(), admin()), 400, message);
    expect(await nodeCount()).toBe(before);
  });
});

describe('the button code while typing', () => {
  const check = (fieldVal: string, dataId?: string) =>
    t.get<null>('/api/sys/duplicate/check', admin(), { tableName: 'sys_permission', fieldName: 'perms', fieldVal, ...(dataId ? { dataId } : {}) });

  it('is checked through /sys/duplicate/check, the button itself excluded', async () => {
    expect((await check('system:role:list')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check('system:role:list', 'btn-system-role-list')).body).toMatchObject({ success: true });
    expect((await check('system:role:export')).body).toMatchObject({ success: true });
  });
});

describe('PUT /sys/permission/edit', () => {
  it('changes a node; users see it at their next fetch', async () => {
    const node = await nodeOf('menu-dashboard-workplace');
    const edited = expectOk(await edit({ ...node, name: '我的工作台', icon: 'home' }), '编辑成功！');
    expect(edited).toMatchObject({ id: node.id, name: '我的工作台', icon: 'home', parentId: 'menu-dashboard' });
    expect(await rowOf(node.id)).toMatchObject({ name: '我的工作台', icon: 'home' });
    expect(flattenMenu((await permissionsOf(student())).menu).find((item) => item.id === node.id)!.meta.title).toBe('我的工作台');
  });

  it('refuses a node under itself or under its own descendant', async () => {
    const root = await add(rootMenu());
    const sub = await add(subMenu(root.id));
    const rootNode = await nodeOf(root.id);
    expectError(await edit({ ...rootNode, menuType: 1, parentId: sub.id }), 400, '上级菜单不能是自己或自己的下级');
    expectError(await edit({ ...rootNode, menuType: 1, parentId: root.id }), 400, '上级菜单不能是自己或自己的下级');
    expect((await rowOf(root.id))!.parentId).toBeNull();
    expectError(await edit({ ...rootNode, menuType: 2, parentId: 'menu-dashboard', perms: 'test:root:button' }), 400, '有下级的菜单不能改为按钮');
    expect((await rowOf(root.id))!.menuType).toBe(0);
  });

  it('keeps a button’s own code and refuses another button’s', async () => {
    const node = await nodeOf('btn-system-role-add');
    expectOk(await edit({ ...node, name: '新增角色' }));
    expectError(await edit({ ...node, perms: 'system:role:edit' }), 400, '授权标识已存在');
    expect(await rowOf(node.id)).toMatchObject({ name: '新增角色', perms: 'system:role:add' });
  });

  it('never takes the code from the role authorisation rule', async () => {
    const node = await nodeOf('btn-system-role-authorize');
    expectError(await edit({ ...node, perms: 'system:role:grant' }), 400, '不能移除管理员的授权权限');
    expectError(await edit({ ...node, menuType: 1, url: '/x', component: 'x/Y' }), 400, '不能移除管理员的授权权限');
    expect((await rowOf(node.id))!.perms).toBe('system:role:authorize');
  });

  it('refuses an unknown node and each rule of add', async () => {
    expectError(await edit({ ...rootMenu(), id: 'no-such-node' }), 404, '菜单不存在');
    const node = await nodeOf('menu-system-log');
    expectError(await edit({ ...node, url: '' }), 400, '请输入菜单路径');
    expectError(await edit({ ...node, parentId: 'no-such-menu' }), 400, '上级菜单不存在');
    expect((await rowOf(node.id))!.url).toBe('/system/log');
  });
});

describe('DELETE /sys/permission/delete', () => {
  it('refuses a node with children, then deletes leaf first, with its grants', async () => {
    const root = await add(rootMenu());
    const btn = await add(button(root.id));
    await t.db.insert(sysRolePermission).values({ roleId: 'role-teacher', permissionId: btn.id });
    expectError(await remove(root.id), 400, '请先删除子菜单');
    expect(await rowOf(root.id)).toBeDefined();

    expectOk(await remove(btn.id), '删除成功!');
    expect(await rowOf(btn.id)).toBeUndefined();
    expect(await grantsOf(btn.id)).toEqual([]);
    expect((await permissionsOf(tokens.teacher01!)).allAuth.map((r) => r.action)).not.toContain(btn.perms);
    expectOk(await remove(root.id));
    expect(await rowOf(root.id)).toBeUndefined();
  });

  it('refuses the role authorisation rule and an unknown node', async () => {
    expectError(await remove('btn-system-role-authorize'), 400, '不能移除管理员的授权权限');
    expect(await rowOf('btn-system-role-authorize')).toBeDefined();
    expectError(await remove('no-such-node'), 404, '菜单不存在');
  });
});

describe('data rules', () => {
  it.each(['/api/sys/permission/getPermRuleListByPermId', '/api/sys/permission/queryPermissionRule'])('%s answers an empty list (not supported)', async (url) => {
    expect(expectOk(await t.get(url, admin(), { permId: 'menu-system-user' }))).toEqual([]);
  });
});

describe('role authorisation', () => {
  const MENUS = ['menu-dashboard', 'menu-dashboard-workplace', 'menu-system', 'menu-system-role'];
  let role: RoleRow;
  let token: string;
  beforeAll(async () => {
    role = expectOk(await t.post<RoleRow>('/api/sys/role/add', { roleCode: uniqueName('auditor_'), roleName: '审核员' }, admin()));
  });

  it('gives a role’s grants', async () => {
    const ids = await rolePermissions('role-admin');
    expect(ids).toEqual(expect.arrayContaining(['menu-system', 'menu-system-role', 'btn-system-role-authorize']));
    // A new role starts with the menus every role has (server/modules/role/queries.ts), so its users never land on 404.
    const starting = await rolePermissions(role.id);
    expect(starting).toEqual(expect.arrayContaining(['menu-dashboard', 'menu-dashboard-workplace', 'menu-account-center', 'menu-user-announcement', 'menu-exception-404']));
    expect(starting.filter((id) => id.startsWith('menu-system') || id.startsWith('btn-') || id.startsWith('menu-basic'))).toEqual([]);
    expectError(await t.get('/api/sys/permission/queryRolePermission', admin(), { roleId: 'no-such-role' }), 404, '角色不存在');
    expectError(await t.get('/api/sys/permission/queryRolePermission', admin(), { roleId: '' }), 400, '请选择角色');
  });

  it('saves the grants; the role’s user then sees exactly those menus and buttons', async () => {
    const granted = [...MENUS, 'btn-system-role-list', 'btn-system-role-add'];
    expectOk(await savePermissions(role.id, granted.join(',')), '保存成功！');
    expect((await rolePermissions(role.id)).sort()).toEqual([...granted].sort());

    const user = await t.createUser({ roles: [role.id] });
    token = await t.login(user.username, user.password);
    const view = await permissionsOf(token);
    expect(flattenMenu(view.menu).map((item) => item.id).sort()).toEqual([...MENUS].sort());
    expect(view.auth.map((r) => r.action).sort()).toEqual(['system:role:add', 'system:role:list']);
    expect(flattenMenu(view.menu).find((item) => item.id === 'menu-system-role')!.meta.permissionList!.map((r) => r.action)).toEqual(['system:role:list', 'system:role:add']);

    // The server follows the same grants.
    expectOk(await t.get('/api/sys/role/list', token));
    expectError(await t.get('/api/sys/permission/list', token), 403, FORBIDDEN);
    expectError(await t.get('/api/sys/permission/queryTreeList', token), 403, FORBIDDEN);
  });

  it('replaces the grants (an array is accepted too); the user sees the change at the next fetch', async () => {
    const granted = [...MENUS, 'menu-system-log', 'btn-system-log-list', 'btn-system-role-add'];
    expectOk(await savePermissions(role.id, granted));
    expect((await rolePermissions(role.id)).sort()).toEqual([...granted].sort());

    const view = await permissionsOf(token);
    expect(flattenMenu(view.menu).map((item) => item.id).sort()).toEqual([...MENUS, 'menu-system-log'].sort());
    expect(view.auth.map((r) => r.action).sort()).toEqual(['system:log:list', 'system:role:add']);
    expectError(await t.get('/api/sys/role/list', token), 403, FORBIDDEN);

    expectOk(await savePermissions(role.id, ''));
    expect(await rolePermissions(role.id)).toEqual([]);
    expect((await permissionsOf(token)).menu).toEqual([]);
  });

  it('refuses an unknown id or role and changes nothing', async () => {
    expectOk(await savePermissions(role.id, 'menu-dashboard'));
    expectError(await savePermissions(role.id, 'menu-dashboard,no-such-node'), 400, '权限不存在');
    expectError(await savePermissions(role.id, ['menu-system', 'no-such-node']), 400, '权限不存在');
    expect(await rolePermissions(role.id)).toEqual(['menu-dashboard']);
    expectError(await savePermissions('no-such-role', 'menu-dashboard'), 404, '角色不存在');
    expectError(await t.post('/api/sys/permission/saveRolePermission', { roleId: role.id }, admin()), 400, '缺少参数 permissionIds');
  });

  it.each(['btn-system-role-authorize', 'menu-system-role', 'menu-system'])('never takes %s from the administrator role', async (id) => {
    const before = await rolePermissions('role-admin');
    expectError(await savePermissions('role-admin', before.filter((p) => p !== id).join(',')), 400, '不能移除管理员的授权权限');
    expect(await rolePermissions('role-admin')).toEqual(before);
  });

  it('lets the administrator role lose other grants', async () => {
    const before = await rolePermissions('role-admin');
    expectOk(await savePermissions('role-admin', before.filter((p) => p !== 'btn-system-log-list')));
    expect(await rolePermissions('role-admin')).not.toContain('btn-system-log-list');
    expectOk(await savePermissions('role-admin', before));
    expect(await rolePermissions('role-admin')).toEqual(before);
  });
});

describe('a button rule switched off', () => {
  const CODE = 'dashboard:monitor:server';

  it('is in allAuth with status 0, and the server then allows its action to everyone', async () => {
    expectError(await t.get('/api/sys/monitor/server', student()), 403, FORBIDDEN);

    const node = await nodeOf('btn-dashboard-monitor-server');
    expectOk(await edit({ ...node, status: '0' }));
    expect((await rowOf(node.id))!.status).toBe('0');
    const view = await permissionsOf(student());
    expect(view.allAuth).toContainEqual({ action: CODE, describe: '服务器信息', type: '2', status: '0' });
    expect(view.auth.map((r) => r.action)).not.toContain(CODE);
    expect(isActionAllowed(CODE, view.auth, view.allAuth)).toBe(true);
    expectOk(await t.get('/api/sys/monitor/server', student()));

    expectOk(await edit({ ...node, status: '1' }));
    expectError(await t.get('/api/sys/monitor/server', student()), 403, FORBIDDEN);
  });
});

describe('who may', () => {
  const ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
    ['GET', '/api/sys/permission/list'],
    ['GET', '/api/sys/permission/queryTreeList'],
    ['POST', '/api/sys/permission/add'],
    ['PUT', '/api/sys/permission/edit'],
    ['DELETE', '/api/sys/permission/delete?id=menu-system-job'],
    ['GET', '/api/sys/permission/queryRolePermission?roleId=role-student'],
    ['POST', '/api/sys/permission/saveRolePermission'],
    ['GET', '/api/sys/permission/getPermRuleListByPermId?permId=menu-system'],
    ['GET', '/api/sys/permission/queryPermissionRule'],
  ];

  it.each(ROUTES)('student01 gets 403 on %s %s', async (method, url) => {
    const before = await nodeCount();
    const body =
      method === 'POST' && url.endsWith('saveRolePermission')
        ? { roleId: 'role-student', permissionIds: 'menu-system,menu-system-permission,btn-system-permission-list' }
        : method === 'GET' || method === 'DELETE'
          ? undefined
          : { ...(await nodeOf('menu-system-job')), name: '改名' };
    expectError(await t.request(method, url, { token: student(), body }), 403, FORBIDDEN);
    expect(await nodeCount()).toBe(before);
    expect((await rowOf('menu-system-job'))!.name).toBe('定时任务');
    expect(await menuIdsOf(student())).not.toContain('menu-system');
  });

  it('teacher01 may not either', async () => {
    expectError(await t.get('/api/sys/permission/list', tokens.teacher01!), 403, FORBIDDEN);
    expectError(await t.post('/api/sys/permission/saveRolePermission', { roleId: 'role-teacher', permissionIds: 'menu-system' }, tokens.teacher01!), 403, FORBIDDEN);
  });
});
