import * as z from 'zod/mini';
import { codeText, optionalInt, requiredText, withId, type ResourceDescription } from './resource.ts';
import { resourceMenu } from './menu-declaration.ts';

/** 职务: a plain resource, and the model for the others. */
export const positionSchema = z.object({
  code: codeText('请输入职务编码', 32),
  name: requiredText('请输入职务名称', 50),
  postRank: z.optional(z.nullable(z.string())),
  sortNo: optionalInt(0, 9999, '排序'),
});
export type PositionInput = z.infer<typeof positionSchema>;

export interface PositionRow {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  sortNo: number;
  createTime: string;
}

export const POSITION_RESOURCE: ResourceDescription = {
  key: 'position',
  title: '职务',
  api: { base: '/sys/position' },
  permissions: {
    list: 'system:position:list',
    add: 'system:position:add',
    edit: 'system:position:edit',
    remove: 'system:position:delete',
    export: 'system:position:list',
    import: 'system:position:add',
  },
  fields: [
    { name: 'code', label: '职务编码', kind: 'text', list: { width: 160, sortable: true }, search: true, excel: true, unique: { table: 'sys_position', field: 'code', message: '职务编码已存在' } },
    { name: 'name', label: '职务名称', kind: 'text', list: { sortable: true }, search: true, excel: true },
    { name: 'postRank', label: '职级', kind: 'dict', dictCode: 'position_rank', list: { width: 120 }, search: true, excel: true },
    { name: 'sortNo', label: '排序', kind: 'number', list: { width: 100, sortable: true }, excel: true },
  ],
  createSchema: positionSchema,
  editSchema: withId(positionSchema),
  titleField: 'name',
  subtitleFields: ['code', 'postRank'],
  defaultSort: { field: 'sortNo', order: 'asc' },
};

export const POSITION_PAGE = resourceMenu('position', POSITION_RESOURCE, { id: 'menu-system-position', parent: 'menu-system', name: '职务管理', path: '/system/position', icon: 'idcard', order: 7, roles: ['admin'] });
