import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER, type MenuDeclaration } from '@contract/menu-declaration.ts';
import { declaredMenus } from '@contract/menus.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { declaredRows, ruleId, syncDeclaredMenus } from '../../server/db/declared-menus.ts';
import { sysPermission, sysPermissionDeclared, sysRole, sysRolePermission } from '../../server/db/schema.ts';
import { testDatabaseSource } from './harness.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * The menus come from the declarations (contract/menus.ts), brought into the database at start-up; an
 * administrator's changes in 菜单管理 and 角色管理 stay (server/db/declared-menus.ts).
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase(testDatabaseSource());
});
afterAll(() => database.close());

const db = () => database.db;
const rowOf = async (id: string) => (await db().select().from(sysPermission).where(eq(sysPermission.id, id)))[0];
/** The built-in role codes holding a permission. */
async function holdersOf(id: string): Promise<string[]> {
  const rows = await db().select({ code: sysRole.roleCode }).from(sysRolePermission).innerJoin(sysRole, eq(sysRole.id, sysRolePermission.roleId)).where(eq(sysRolePermission.permissionId, id));
  return rows.map((row) => row.code).sort();
}
async function grant(roleCode: string, permissionId: string) {
  const [role] = await db().select().from(sysRole).where(eq(sysRole.roleCode, roleCode));
  await db().insert(sysRolePermission).values({ roleId: role!.id, permissionId });
}
async function revoke(roleCode: string, permissionId: string) {
  const [role] = await db().select().from(sysRole).where(eq(sysRole.roleCode, roleCode));
  await db()
    .delete(sysRolePermission)
    .where(and(eq(sysRolePermission.roleId, role!.id), eq(sysRolePermission.permissionId, permissionId)));
}

/** The declarations with one page's declaration changed (or taken out, when change returns null). */
const withPage = (id: string, change: (menu: MenuDeclaration) => MenuDeclaration | null, extra: MenuDeclaration[] = []): MenuDeclaration[] => [
  ...declaredMenus().flatMap((menu) => (menu.id === id ? (change(menu) ?? []) : [menu])),
  ...extra,
];

describe('menus declared once', () => {
  it('a new database holds every declared menu and rule as declared, granted to exactly the declared roles', async () => {
    const rows = declaredRows(declaredMenus());
    expect(rows.length).toBeGreaterThan(200);
    for (const row of rows) {
      const stored = await rowOf(row.id);
      expect(stored, row.id).toMatchObject({ ...row.fields, status: '1', delFlag: 0 });
      expect(await holdersOf(row.id), row.id).toEqual([...row.roles].sort());
    }
  });

  it('grants a folder to whoever gets a page in it, and names a rule after its code', () => {
    const rows = new Map(declaredRows(declaredMenus()).map((row) => [row.id, row]));
    expect(rows.get('menu-system')!.roles).toEqual(['admin']);
    expect(rows.get('menu-system')!.fields).toMatchObject({ component: FOLDER, menuType: 0, parentId: null });
    expect(new Set(rows.get('menu-basic')!.roles)).toEqual(new Set(['admin', 'departAdmin']));
    expect(rows.get(ruleId('system:user:add'))!.fields).toMatchObject({ parentId: 'menu-system-user', menuType: 2, perms: 'system:user:add', isRoute: false });
  });

  it('changes nothing at the next start', async () => {
    const changes = await syncDeclaredMenus(db());
    expect(changes).toEqual({ inserts: [], updates: [], deletes: [], grant: [], revoke: [], applied: [], forgotten: [] });
  });

  it('writes a changed declaration where the administrator left the row alone, and keeps what they changed', async () => {
    // The administrator renames 定时任务 and revokes the administrator role's 立即执行 rule… (菜单管理, 角色管理)
    await db().update(sysPermission).set({ name: '计划任务' }).where(eq(sysPermission.id, 'menu-system-job'));
    await revoke('admin', ruleId('system:job:run'));
    // …then a release renames the page and moves it, gives 实习办 the page and takes 暂停/恢复 from nobody.
    const job = (menu: MenuDeclaration): MenuDeclaration => ({ ...menu, name: '定时作业', order: 20, icon: 'history', roles: ['admin', 'internshipOffice'] });
    await syncDeclaredMenus(db(), withPage('menu-system-job', job));
    expect(await rowOf('menu-system-job')).toMatchObject({ name: '计划任务', sortNo: 20, icon: 'history' });
    expect(await holdersOf('menu-system-job')).toEqual(['admin', 'internshipOffice']);
    expect(await holdersOf(ruleId('system:job:run'))).toEqual(['internshipOffice']);
    expect(await holdersOf(ruleId('system:job:list'))).toEqual(['admin', 'internshipOffice']);
    // A later release that takes 实习办 off again takes the grants it gave.
    await syncDeclaredMenus(db(), withPage('menu-system-job', (menu) => ({ ...job(menu), roles: ['admin'] })));
    expect(await holdersOf('menu-system-job')).toEqual(['admin']);
    expect(await holdersOf(ruleId('system:job:run'))).toEqual([]);
  });

  it('creates and grants a new page, and takes a page whose declaration is gone with its rules and grants', async () => {
    const added: MenuDeclaration = {
      id: 'menu-internship-debrief',
      parent: 'menu-internship',
      name: '实习总结会',
      path: '/internship/debrief',
      component: 'internship/Debriefs',
      icon: 'star',
      order: 16,
      roles: ['internshipOffice', 'relationAdviser'],
      rules: [{ code: 'internship:debrief:add', name: '安排实习总结会' }],
    };
    await syncDeclaredMenus(db(), [...declaredMenus(), added]);
    expect(await rowOf('menu-internship-debrief')).toMatchObject({ name: '实习总结会', url: '/internship/debrief', menuType: 1, parentId: 'menu-internship', componentName: 'internship-debrief' });
    expect(await holdersOf(ruleId('internship:debrief:add'))).toEqual(['internshipOffice', 'relationAdviser']);
    await syncDeclaredMenus(db());
    expect(await rowOf('menu-internship-debrief')).toBeUndefined();
    expect(await rowOf(ruleId('internship:debrief:add'))).toBeUndefined();
    expect(await holdersOf(ruleId('internship:debrief:add'))).toEqual([]);
  });

  it('takes a database whose menus the migrations wrote as it is', async () => {
    // A database from before the declarations: its rows (one renamed since by the administrator), no base.
    await db().delete(sysPermissionDeclared);
    await db().update(sysPermission).set({ name: '我的首页' }).where(eq(sysPermission.id, 'menu-dashboard-workplace'));
    const adopted = await syncDeclaredMenus(db());
    expect(adopted).toMatchObject({ inserts: [], updates: [], deletes: [], grant: [], revoke: [] });
    expect(await rowOf('menu-dashboard-workplace')).toMatchObject({ name: '我的首页' });
    // The base is the declarations from then on: a later release's new icon is written, the name stays the administrator's.
    await syncDeclaredMenus(db(), withPage('menu-dashboard-workplace', (menu) => ({ ...menu, name: '首页', icon: 'home' })));
    expect(await rowOf('menu-dashboard-workplace')).toMatchObject({ name: '我的首页', icon: 'home' });
  });
  it('leaves a declared page the administrator deleted deleted, and what the declarations never named alone', async () => {
    await db().delete(sysPermission).where(eq(sysPermission.id, 'menu-system-addressbook'));
    await db().insert(sysPermission).values({ id: 'menu-own', parentId: 'menu-system', name: '校内链接', url: 'https://example.edu.cn', menuType: 1, sortNo: 99 });
    await grant('teacher', 'menu-own');
    await syncDeclaredMenus(db(), withPage('menu-system-addressbook', (menu) => ({ ...menu, name: '校内通讯录' })));
    expect(await rowOf('menu-system-addressbook')).toBeUndefined();
    expect(await rowOf('menu-own')).toMatchObject({ name: '校内链接' });
    expect(await holdersOf('menu-own')).toEqual(['teacher']);
  });

});
