import * as z from 'zod/mini';
import { optionalInt, withId, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/** 部门 (sys_depart): a tree resource. */

export const DEPART_PERMISSIONS = {
  list: 'system:depart:list',
  add: 'system:depart:add',
  edit: 'system:depart:edit',
  remove: 'system:depart:delete',
} as const;

export const ORG_TYPES = [
  { value: '1', label: '学校' },
  { value: '2', label: '院系' },
  { value: '3', label: '职能部门' },
] as const;
export type OrgType = (typeof ORG_TYPES)[number]['value'];

export const ORG_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

const nameField = z.string({ error: '请输入机构名称' }).check(
  z.overwrite((v) => v.trim()),
  z.refine((v) => v.length > 0, { error: '请输入机构名称', abort: true }),
  z.maxLength(100, '机构名称不能超过100个字符'),
);
const orgCodeField = z.string({ error: '请输入机构编码' }).check(
  z.refine((v) => v.trim().length > 0, { error: '请输入机构编码', abort: true }),
  z.maxLength(64, '机构编码不能超过64个字符'),
  z.regex(ORG_CODE_PATTERN, '机构编码只能包含字母、数字、下划线和短横线'),
);

/**
 * Add and edit. Left out, parentId, orgType and sortNo keep what the department has (a new one: top
 * level, 院系, 0); parentId null or '' puts it at the top level.
 */
export const departSchema = z.object({
  departName: nameField,
  orgCode: orgCodeField,
  orgType: z.optional(z.enum(['1', '2', '3'], { error: '请选择正确的机构类型' })),
  parentId: z.optional(z.nullable(z.string().check(z.maxLength(64, '上级部门不存在')))),
  sortNo: optionalInt(0, 9999, '排序'),
});
export type DepartInput = z.infer<typeof departSchema>;
export const departEditSchema = withId(departSchema);
export type DepartEditInput = z.infer<typeof departEditSchema>;

/** One node of GET /sys/sysDepart/queryTreeList (and of searchBy, without children): key and value are the id. */
export interface DepartTreeNode {
  id: string;
  key: string;
  value: string;
  title: string;
  departName: string;
  orgCode: string;
  orgType: string;
  parentId: string | null;
  sortNo: number;
  children: DepartTreeNode[];
}

/** One node of GET /sys/sysDepart/queryIdTree, for department choosers. */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[];
}

export const DEPART_RESOURCE: ResourceDescription = {
  key: 'depart',
  title: '部门',
  api: { base: '/sys/sysDepart' },
  permissions: DEPART_PERMISSIONS,
  fields: [
    { name: 'departName', label: '机构名称', kind: 'text' },
    { name: 'orgCode', label: '机构编码', kind: 'text', unique: { table: 'sys_depart', field: 'org_code', message: '机构编码已存在' } },
    { name: 'orgType', label: '机构类型', kind: 'select', options: ORG_TYPES, radio: true },
    { name: 'parentId', label: '上级部门', kind: 'text', placeholder: '无（顶级部门）' },
    { name: 'sortNo', label: '排序', kind: 'number', placeholder: '越小越靠前' },
  ],
  createSchema: departSchema,
  editSchema: departEditSchema,
  titleField: 'departName',
  subtitleFields: ['orgCode', 'orgType'],
  tree: {
    parentField: 'parentId',
    api: { tree: '/sys/sysDepart/queryTreeList', search: '/sys/sysDepart/searchBy' },
    search: { fields: ['departName'], placeholder: '搜索部门名称' },
    openLevels: 1,
    parentMessages: { missing: '上级部门不存在', cycle: '上级部门不能是自己或下级部门' },
    hasChildrenMessage: '请先删除下级部门',
  },
};

/** One user of GET /sys/user/queryUserByDepId. */
export interface DepartUser {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  phone: string | null;
  email: string | null;
}

export const DEPART_PAGE = {
  id: 'menu-system-depart',
  parent: 'menu-system',
  name: '部门管理',
  path: '/system/depart',
  component: 'system/DepartList',
  icon: 'apartment',
  order: 4,
  roles: ['admin'],
  rules: resourceRules(DEPART_PERMISSIONS, '部门'),
} as const satisfies MenuDeclaration;
