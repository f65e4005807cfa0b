import { z } from 'zod';
import type { PermissionNode, PermissionTreeNode, PermissionTreeResult } from '@contract/permission-admin.ts';
import type { MenuItem, PermissionRule, UserPermissions } from '@contract/permissions.ts';
import { envelope } from '../../lib/answers.ts';

/**
 * What the permission calls written by hand answer (菜单管理's list and form answer as the resource machinery says).
 * A tree's node is registered by id (.meta id): the API document shows it once, as a component its children refer to.
 */

const maybeText = z.string().nullable();
const menuType = z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 一级菜单，1 子菜单，2 按钮' });

const permissionRule = z.object({
  action: z.string().meta({ description: '按钮的权限编码（可逗号分隔多个）' }),
  describe: z.string(),
  type: z.enum(['1', '2']).meta({ description: "'2' 按钮（本系统只发此值）" }),
  status: z.enum(['0', '1']).meta({ description: '1 生效（无权者不显示），0 停用（人人可见）' }),
}) satisfies z.ZodType<PermissionRule>;

const menuItem: z.ZodType<MenuItem> = z
  .object({
    id: z.string(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: maybeText,
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    route: z.enum(['0', '1']).meta({ description: "'0' 不生成路由" }),
    meta: z.object({
      title: z.string(),
      icon: maybeText,
      url: maybeText.meta({ description: '外部链接或内嵌页面的地址' }),
      keepAlive: z.boolean(),
      internalOrExternal: z.boolean(),
      permissionList: z.array(permissionRule),
    }),
    get children() {
      return z.array(menuItem).optional();
    },
  })
  .meta({ id: 'MenuItem', description: '菜单：有下级时才有 children' });

export const userPermissionsAnswer = envelope(
  z.object({
    menu: z.array(menuItem),
    auth: z.array(permissionRule).meta({ description: '本人（当前身份及关系角色）持有的按钮权限' }),
    allAuth: z.array(permissionRule).meta({ description: '系统的全部按钮规则' }),
  }) satisfies z.ZodType<UserPermissions>,
);

export const isPageAnswer = envelope(z.boolean().meta({ description: '该地址是本系统某个菜单的页面' }));

/** One level of the editor's tree (getSystemMenuList, getSystemSubmenu): nodes without their children, leaf telling whether any hang below. */
export const menuLevelAnswer = envelope(
  z.array(
    z.object({
      id: z.string(),
      parentId: maybeText,
      name: z.string(),
      url: maybeText,
      component: maybeText,
      componentName: maybeText,
      redirect: maybeText,
      menuType,
      perms: maybeText,
      permsType: z.string(),
      sortNo: z.number().int(),
      alwaysShow: z.boolean(),
      icon: maybeText,
      route: z.boolean().meta({ description: 'false：不生成路由' }),
      keepAlive: z.boolean(),
      hidden: z.boolean(),
      internalOrExternal: z.boolean(),
      status: z.enum(['0', '1']),
      leaf: z.boolean(),
    }) satisfies z.ZodType<PermissionNode>,
  ),
);

const permissionTreeNode: z.ZodType<PermissionTreeNode> = z
  .object({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    parentId: maybeText,
    icon: maybeText,
    menuType,
    isLeaf: z.boolean(),
    get children() {
      return z.array(permissionTreeNode).optional();
    },
  })
  .meta({ id: 'PermissionTreeNode', description: '授权树的节点：有下级时才有 children' });

export const permissionTreeAnswer = envelope(
  z.object({ treeList: z.array(permissionTreeNode), ids: z.array(z.string()).meta({ description: '全部节点的 id（全选、全部展开用）' }) }) satisfies z.ZodType<PermissionTreeResult>,
);

export const permissionIdsAnswer = envelope(z.array(z.string()).meta({ description: '该角色已授权的菜单和按钮 id' }));

/** Data rules are not supported: the editor's rule panel always gets an empty list. */
export const dataRulesAnswer = envelope(z.array(z.never()).meta({ description: '不支持数据规则：总是空列表' }));
