import * as z from 'zod/mini';
import { codeText, optionalInt, requiredText, withId, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/** 分类字典 (sys_category): a tree of coded categories that forms offer as choices. */

export const CATEGORY_PERMISSIONS = {
  list: 'system:category:list',
  add: 'system:category:add',
  edit: 'system:category:edit',
  remove: 'system:category:delete',
} as const;

/**
 * Add and edit. pid null or '' puts the category at the top level; left out on edit, it keeps its
 * parent. sortNo null is 0 (the column has no blank).
 */
export const categorySchema = z.object({
  name: requiredText('请输入分类名称', 50),
  code: codeText('请输入分类编码', 64),
  pid: z.pipe(
    z.optional(z.nullable(z.string().check(z.maxLength(64, '上级分类不存在')))),
    z.transform((v) => (v === '' ? null : v)),
  ),
  sortNo: z.pipe(
    optionalInt(0, 9999, '排序'),
    z.transform((v) => (v === null ? 0 : v)),
  ),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export interface CategoryRow {
  id: string;
  pid: string | null;
  name: string;
  code: string;
  sortNo: number;
  createTime: string;
}

/** One node of GET /sys/category/loadTreeRoot: the row with its children, in sort order. */
export interface CategoryTreeNode extends CategoryRow {
  key: string;
  value: string;
  title: string;
  children: CategoryTreeNode[];
}

/** One child of GET /sys/category/loadTreeData?pcode=, for choosers that open the tree level by level. */
export interface CategoryChoice {
  id: string;
  key: string;
  /** The id, as the tree selects keep it. */
  value: string;
  title: string;
  code: string;
  pid: string | null;
  isLeaf: boolean;
}

export const CATEGORY_RESOURCE: ResourceDescription = {
  key: 'category',
  title: '分类',
  api: { base: '/sys/category' },
  permissions: CATEGORY_PERMISSIONS,
  fields: [
    { name: 'name', label: '分类名称', kind: 'text', list: { sortable: true }, search: true },
    { name: 'code', label: '分类编码', kind: 'text', list: { width: 200, sortable: true }, search: true, unique: { table: 'sys_category', field: 'code' } },
    { name: 'pid', label: '上级分类', kind: 'text', list: false, placeholder: '不选则为顶级分类' },
    { name: 'sortNo', label: '排序', kind: 'number', list: { width: 100, sortable: true } },
  ],
  createSchema: categorySchema,
  editSchema: withId(categorySchema),
  titleField: 'name',
  subtitleFields: ['code'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  tree: {
    parentField: 'pid',
    api: { tree: '/sys/category/loadTreeRoot', level: { url: '/sys/category/loadTreeData', param: 'pcode', field: 'code' } },
    search: { fields: ['name', 'code'], placeholder: '搜索分类名称或编码' },
    openLevels: 1,
    parentMessages: { missing: '上级分类不存在', cycle: '上级分类不能是自己或下级分类' },
    hasChildrenMessage: '请先删除下级分类',
  },
};

export const CATEGORY_PAGE = {
  id: 'menu-system-category',
  parent: 'menu-system',
  name: '分类字典',
  path: '/system/category',
  component: 'system/CategoryList',
  icon: 'cluster',
  order: 8,
  roles: ['admin'],
  rules: resourceRules(CATEGORY_PERMISSIONS, '分类'),
} as const satisfies MenuDeclaration;
