import * as z from 'zod/mini';
import { optionalText, requiredText, withId, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';
import { ROLE_AUTHORIZE_PERMISSION } from './permission-admin.ts';

/** 角色: the roles users hold, and the calls of the role screen (SPEC.md section 7, Roles). */

/**
 * The roles every installation has; the code decides what a role is, so theirs never changes and they are never
 * deleted. The relation roles (migration 0033) among them: every adviser, mentor and 班主任 relies on their grants.
 */
export const BUILTIN_ROLE_CODES: readonly string[] = ['admin', 'teacher', 'student', 'mentor', 'relationAdviser', 'relationMentor', 'relationHeadTeacher'];
export const isBuiltinRoleCode = (code: string) => BUILTIN_ROLE_CODES.includes(code);

export const ROLE_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

export const ROLE_MSG = {
  codeRequired: '请输入角色编码',
  codeFormat: '角色编码只能包含字母、数字和下划线',
  codeTaken: '角色编码已存在',
  nameRequired: '请输入角色名称',
  builtinCode: '内置角色的编码不能修改',
  builtinDelete: '内置角色不能删除',
  inUse: '该角色已分配给用户，不能删除',
  notFound: '角色不存在',
} as const;

export const roleSchema = z.object({
  roleCode: requiredText(ROLE_MSG.codeRequired, 64).check(z.regex(ROLE_CODE_PATTERN, ROLE_MSG.codeFormat)),
  roleName: requiredText(ROLE_MSG.nameRequired, 50),
  description: optionalText(500),
});
export type RoleInput = z.infer<typeof roleSchema>;
export const roleEditSchema = withId(roleSchema);
export type RoleEditInput = z.infer<typeof roleEditSchema>;

/** One row of GET /sys/role/list. */
export interface RoleRow {
  id: string;
  roleCode: string;
  roleName: string;
  description: string | null;
  createTime: string;
}

/** GET /sys/role/queryall: the choices of the user form's roles. */
export interface RoleOption {
  id: string;
  roleName: string;
  roleCode: string;
}

/** GET /sys/role/queryTreeList: roles as choosers' tree nodes (JeecgBoot's shape; roles have no levels). */
export interface RoleTreeNode {
  key: string;
  value: string;
  title: string;
}

export const ROLE_PERMISSIONS = {
  list: 'system:role:list',
  add: 'system:role:add',
  edit: 'system:role:edit',
  remove: 'system:role:delete',
} as const;

export const ROLE_RESOURCE: ResourceDescription = {
  key: 'role',
  title: '角色',
  api: { base: '/sys/role' },
  permissions: ROLE_PERMISSIONS,
  fields: [
    { name: 'roleName', label: '角色名称', kind: 'text', list: { sortable: true }, search: true },
    { name: 'roleCode', label: '角色编码', kind: 'text', list: { width: 160, sortable: true }, search: true, unique: { table: 'sys_role', field: 'role_code', message: ROLE_MSG.codeTaken } },
    { name: 'description', label: '描述', kind: 'textarea', list: true },
    { name: 'createTime', label: '创建时间', kind: 'datetime', list: { width: 180 }, form: false },
  ],
  createSchema: roleSchema,
  editSchema: roleEditSchema,
  titleField: 'roleName',
  subtitleFields: ['roleCode'],
  // The built-in roles come first, then the others in the order they were added.
  defaultSort: { field: 'createdAt', order: 'asc' },
};

export const ROLE_PAGE = {
  id: 'menu-system-role',
  parent: 'menu-system',
  name: '角色管理',
  path: '/system/role',
  component: 'system/RoleList',
  icon: 'team',
  order: 2,
  roles: ['admin'],
  rules: [
    ...resourceRules(ROLE_PERMISSIONS, '角色'),
    { code: ROLE_AUTHORIZE_PERMISSION, name: '授权' },
  ],
} as const satisfies MenuDeclaration;
