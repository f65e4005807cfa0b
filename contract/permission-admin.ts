import * as z from 'zod/mini';
import { optionalInt, optionalText, requiredText, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/**
 * The menu and button-permission editor (菜单管理) and the role authorisation tree (SPEC.md section 7,
 * Permissions). The menus users get are built from these rows at every permission fetch.
 */

/** The button codes of 菜单管理: the server guards its routes with them, the page shows its buttons by them. */
export const PERMISSION_CODES = {
  list: 'system:permission:list',
  add: 'system:permission:add',
  edit: 'system:permission:edit',
  remove: 'system:permission:delete',
} as const;

/** 0 root menu (一级菜单), 1 sub menu (子菜单), 2 button permission (按钮). */
export type MenuType = 0 | 1 | 2;
export const MENU_TYPE_OPTIONS = [
  { value: '0', label: '一级菜单', tone: 'processing' },
  { value: '1', label: '子菜单', tone: 'success' },
  { value: '2', label: '按钮', tone: 'default' },
] as const;

/** A button's status: '1' the rule is in force (only its holders see the button), '0' switched off (everyone does). */
export const PERMISSION_STATUS_OPTIONS = [
  { value: '1', label: '生效', tone: 'success' },
  { value: '0', label: '停用', tone: 'warning' },
] as const;

/** The component of an internal page that shows another site in a frame. */
export const IFRAME_COMPONENT = 'layouts/IframePageView';
/** The rule that lets the administrator grant rules: it is never taken from the administrator role. */
export const ROLE_AUTHORIZE_PERMISSION = 'system:role:authorize';

/** Button codes are area:object:action like system:user:add (at least two parts). */
export const PERMS_PATTERN = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)+$/;
const HTTP_URL = /^https?:\/\/\S+$/;
const PATH_URL = /^\/\S*$/;

export const PERMISSION_MSG = {
  nameRequired: '请输入菜单名称',
  menuTypeRequired: '请选择菜单类型',
  parentRequired: '请选择上级菜单',
  parentMissing: '上级菜单不存在',
  parentIsButton: '按钮下不能再添加菜单或按钮',
  parentCycle: '上级菜单不能是自己或自己的下级',
  urlRequired: '请输入菜单路径',
  urlFormat: '菜单路径须以 / 开头，或为 http:// 、https:// 开头的地址',
  externalUrlFormat: '外部链接须以 http:// 或 https:// 开头',
  componentRequired: '请输入前端组件',
  permsRequired: '请输入授权标识',
  permsFormat: '授权标识格式如 system:user:add',
  permsTaken: '授权标识已存在',
  statusInvalid: '请选择状态（有效或无效）',
  hasChildren: '请先删除子菜单',
  childrenToButton: '有下级的菜单不能改为按钮',
  notFound: '菜单不存在',
  permissionMissing: '权限不存在',
  keepAuthorize: '不能移除管理员的授权权限',
  roleRequired: '请选择角色',
} as const;

const optionalBoolean = z.optional(z.boolean({ error: '开关的值应为 true 或 false' }));

const permissionFields = {
  name: requiredText(PERMISSION_MSG.nameRequired, 50),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: PERMISSION_MSG.menuTypeRequired }),
  parentId: z.optional(z.nullable(z.string())),
  url: optionalText(500),
  component: optionalText(200),
  componentName: optionalText(100),
  redirect: optionalText(500),
  perms: optionalText(100),
  permsType: z.optional(z.enum(['1', '2'], { error: '授权策略应为1或2' })),
  status: z.optional(z.enum(['0', '1'], { error: PERMISSION_MSG.statusInvalid })),
  sortNo: optionalInt(0, 9999, '排序'),
  icon: optionalText(100),
  alwaysShow: optionalBoolean,
  route: optionalBoolean,
  keepAlive: optionalBoolean,
  hidden: optionalBoolean,
  internalOrExternal: optionalBoolean,
};

interface PermissionRuleInput {
  menuType: MenuType;
  parentId?: string | null;
  url?: string | null;
  component?: string | null;
  perms?: string | null;
  internalOrExternal?: boolean;
}

/** The rules that depend on the type: where a menu leads and what a button guards. */
const byMenuType = <T extends PermissionRuleInput>() =>
  z.superRefine<T>((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.menuType !== 0 && !v.parentId) issue('parentId', PERMISSION_MSG.parentRequired);
    if (v.menuType === 2) {
      if (!v.perms?.trim()) issue('perms', PERMISSION_MSG.permsRequired);
      else if (!PERMS_PATTERN.test(v.perms)) issue('perms', PERMISSION_MSG.permsFormat);
      return;
    }
    const url = v.url?.trim() ?? '';
    if (!url) issue('url', PERMISSION_MSG.urlRequired);
    else if (v.internalOrExternal && !HTTP_URL.test(url)) issue('url', PERMISSION_MSG.externalUrlFormat);
    else if (!PATH_URL.test(url) && !HTTP_URL.test(url)) issue('url', PERMISSION_MSG.urlFormat);
    // An internal page at a path needs its component; an http(s) address inside the app is shown in a frame.
    if (!v.internalOrExternal && PATH_URL.test(url) && !v.component?.trim()) issue('component', PERMISSION_MSG.componentRequired);
  });

/** POST /sys/permission/add: the node as the editor's form sends it. */
export const permissionSchema = z.object(permissionFields).check(byMenuType());
export type PermissionInput = z.infer<typeof permissionSchema>;
/** PUT /sys/permission/edit: the whole node again; fields left out take their defaults. */
export const permissionEditSchema = z.object({ ...permissionFields, id: z.string().check(z.minLength(1, '缺少参数 id')) }).check(byMenuType());
export type PermissionEditInput = z.infer<typeof permissionEditSchema>;

/** A button rule, which never has rows under it. */
export const isButtonNode = (row: Readonly<Record<string, unknown>>) => row.menuType === 2;

/**
 * 菜单管理's rows as a tree resource: the list's columns and the tree's rules. Its form is the screen's own (the
 * fields follow the type).
 */
export const PERMISSION_RESOURCE: ResourceDescription = {
  key: 'permission',
  title: '菜单',
  api: { base: '/sys/permission' },
  permissions: PERMISSION_CODES,
  fields: [
    { name: 'name', label: '菜单名称', kind: 'text', list: { width: 260 } },
    { name: 'menuType', label: '类型', kind: 'select', options: MENU_TYPE_OPTIONS, list: { width: 96 } },
    { name: 'parentId', label: '上级菜单', kind: 'text', placeholder: '请选择上级菜单' },
    { name: 'url', label: '路径', kind: 'text', list: true },
    { name: 'component', label: '组件', kind: 'text', list: true },
    { name: 'perms', label: '授权标识', kind: 'text', list: true },
    { name: 'sortNo', label: '排序', kind: 'number', list: { width: 64 } },
    { name: 'status', label: '状态', kind: 'select', options: PERMISSION_STATUS_OPTIONS, list: { width: 80 } },
  ],
  createSchema: permissionSchema,
  editSchema: permissionEditSchema,
  titleField: 'name',
  tree: {
    parentField: 'parentId',
    api: { tree: '/sys/permission/list' },
    openLevels: 0,
    leaf: { when: isButtonNode, message: PERMISSION_MSG.parentIsButton },
    parentMessages: { missing: PERMISSION_MSG.parentMissing, cycle: PERMISSION_MSG.parentCycle },
    hasChildrenMessage: PERMISSION_MSG.hasChildren,
  },
};

/** One node of GET /sys/permission/list (the editor's tree table). */
export interface PermissionNode {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: MenuType;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  /** The is_route flag: false means the menu builds no route. */
  route: boolean;
  keepAlive: boolean;
  hidden: boolean;
  internalOrExternal: boolean;
  status: '0' | '1';
  leaf: boolean;
  children?: PermissionNode[];
}

/** One node of the role authorisation tree (GET /sys/permission/queryTreeList). */
export interface PermissionTreeNode {
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  icon: string | null;
  menuType: MenuType;
  isLeaf: boolean;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeResult {
  treeList: PermissionTreeNode[];
  /** Every node's id, for "select all" and "expand all". */
  ids: string[];
}

export const rolePermissionQuerySchema = z.object({ roleId: z.string({ error: PERMISSION_MSG.roleRequired }).check(z.minLength(1, PERMISSION_MSG.roleRequired)) });

/** POST /sys/permission/saveRolePermission: the role's new grants, a comma list as JeecgBoot sends (an array is accepted too). */
export const saveRolePermissionSchema = z.object({
  roleId: z.string({ error: PERMISSION_MSG.roleRequired }).check(z.minLength(1, PERMISSION_MSG.roleRequired)),
  permissionIds: z.union([z.string(), z.array(z.string())], { error: '缺少参数 permissionIds' }),
  // The old client sends the previous grants too; the server knows them and ignores this.
  lastpermissionIds: z.optional(z.unknown()),
});
export type SaveRolePermissionInput = z.infer<typeof saveRolePermissionSchema>;

/** The distinct, non-empty ids of a comma list or an array. */
export const permissionIdList = (value: string | readonly string[]): string[] => [
  ...new Set((typeof value === 'string' ? value.split(',') : value).map((id) => id.trim()).filter(Boolean)),
];

/** GET /sys/permission/getPermRuleListByPermId. */
export const permRuleQuerySchema = z.object({ permId: z.optional(z.string()) });

export const PERMISSION_PAGE = {
  id: 'menu-system-permission',
  parent: 'menu-system',
  name: '菜单管理',
  path: '/system/permission',
  component: 'system/PermissionList',
  icon: 'menu',
  order: 3,
  roles: ['admin'],
  rules: resourceRules(PERMISSION_CODES, '菜单'),
} as const satisfies MenuDeclaration;
