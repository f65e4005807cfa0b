import * as z from 'zod/mini';
import { optionalInt, optionalText, pageQuerySchema, withId, type ResourceDescription } from './resource.ts';
import { type MenuDeclaration, resourceRules } from './menu-declaration.ts';

/** 数据字典 (sys_dict) and its items (sys_dict_item). */

export const DICT_PERMISSIONS = {
  list: 'system:dict:list',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  remove: 'system:dict:delete',
} as const;

/** Dictionaries the code relies on (seeded by the migrations): they cannot be deleted, nor their code changed. */
export const BUILT_IN_DICT_CODES: readonly string[] = [
  'sex',
  'user_type',
  'user_status',
  'priority',
  'position_rank',
  'msg_type',
  'send_status',
  'msg_category',
  'menu_type',
  'job_status',
  // 基础数据 (contract/basic-data.ts): room type and status, level, course type, title, 学籍状态.
  'classroom_type',
  'classroom_status',
  'major_level',
  'course_type',
  'teacher_title',
  'student_status',
  // 校企合作协议 (contract/practice-contract.ts): 协议类型.
  'contract_type',
  // 法定节假日 (check-ins flagged, bookings warned) and the room types 实训预约 offers.
  'statutory_holiday',
  'practice_bookable_room_type',
];
/** The statutory holidays (YYYY-MM-DD values) the office keeps: check-ins on them are flagged, bookings onto them warned. */
export const HOLIDAY_DICT = 'statutory_holiday';
/** The dictionary of the classroom types a booking may name (its values are classroom_type's: 3 实训室, 4 机房). */
export const BOOKABLE_ROOM_TYPE_DICT = 'practice_bookable_room_type';

export const isBuiltInDict = (dictCode: string) => BUILT_IN_DICT_CODES.includes(dictCode);

export const DICT_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

const required = (message: string, label: string, max: number) =>
  z.string({ error: message }).check(
    z.refine((v) => v.trim().length > 0, { error: message, abort: true }),
    z.maxLength(max, `${label}不能超过${max}个字符`),
  );

export const dictSchema = z.object({
  dictName: required('请输入字典名称', '字典名称', 100),
  dictCode: required('请输入字典编码', '字典编码', 64).check(z.regex(DICT_CODE_PATTERN, '字典编码只能包含字母、数字和下划线')),
  description: optionalText(500),
});
export type DictInput = z.infer<typeof dictSchema>;

export interface DictRow {
  id: string;
  dictCode: string;
  dictName: string;
  description: string | null;
  createTime: string;
}

export const DICT_RESOURCE: ResourceDescription = {
  key: 'dict',
  title: '字典',
  api: { base: '/sys/dict' },
  permissions: { list: DICT_PERMISSIONS.list, add: DICT_PERMISSIONS.add, edit: DICT_PERMISSIONS.edit, remove: DICT_PERMISSIONS.remove },
  fields: [
    { name: 'dictName', label: '字典名称', kind: 'text', list: { sortable: true }, search: true },
    { name: 'dictCode', label: '字典编码', kind: 'text', list: { width: 200, sortable: true }, search: true, unique: { table: 'sys_dict', field: 'dict_code', message: '字典编码已存在' } },
    { name: 'description', label: '描述', kind: 'textarea', list: true },
  ],
  createSchema: dictSchema,
  editSchema: withId(dictSchema),
  titleField: 'dictName',
  subtitleFields: ['dictCode'],
  defaultSort: { field: 'dictCode', order: 'asc' },
};

/** '1' enabled, '0' disabled; a form may send the number. Only enabled items reach getDictItems and loadDict. */
export type DictItemStatus = '1' | '0';
export const DICT_ITEM_STATUSES = [
  { value: '1', label: '启用', tone: 'success' },
  { value: '0', label: '停用', tone: 'default' },
] as const;

const STATUS_MESSAGE = '状态只能是启用或停用';
const statusField = z.pipe(
  z.union([z.enum(['1', '0']), z.literal(1), z.literal(0)], { error: STATUS_MESSAGE }),
  z.transform((v): DictItemStatus => (String(v) === '1' ? '1' : '0')),
);

const itemFields = {
  itemText: required('请输入名称', '名称', 100),
  itemValue: required('请输入数据值', '数据值', 100),
  sortOrder: optionalInt(0, 99999, '排序'),
  description: optionalText(500),
  status: z.optional(statusField),
};

/** Add: the item's dictionary and its fields (status left out: enabled). */
export const dictItemSchema = z.object({ dictId: z.string({ error: '字典不存在' }).check(z.minLength(1, '字典不存在')), ...itemFields });
export type DictItemInput = z.infer<typeof dictItemSchema>;
/** Edit: an item stays in its dictionary (a dictId sent along is ignored); status left out keeps it. */
export const dictItemEditSchema = withId(z.object(itemFields));
export type DictItemEditInput = z.infer<typeof dictItemEditSchema>;

/** GET /sys/dictItem/list: the items of one dictionary, by text (contains) and status. */
export const dictItemListSchema = z.extend(pageQuerySchema, {
  dictId: z.string({ error: '缺少参数 dictId' }).check(z.minLength(1, '缺少参数 dictId')),
  itemText: z.optional(z.string().check(z.maxLength(100, '名称不能超过100个字符'))),
  status: z.optional(z.enum(['1', '0', ''], { error: STATUS_MESSAGE })),
});

export interface DictItemRow {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  sortOrder: number;
  description: string | null;
  status: DictItemStatus;
}

/** GET /sys/dict/loadDict/{dict}: items whose text contains keyword, at most pageSize (SPEC.md section 9: 10). */
export const LOAD_DICT_PAGE_SIZE = 10;
export const loadDictQuerySchema = z.object({
  keyword: z.optional(z.string().check(z.maxLength(64, '关键字不能超过64个字符'))),
  pageSize: z._default(z.coerce.number({ error: '每页条数应为1到100' }).check(z.int('每页条数应为1到100'), z.minimum(1, '每页条数应为1到100'), z.maximum(100, '每页条数应为1到100')), LOAD_DICT_PAGE_SIZE),
});

export const DICT_ITEM_RESOURCE: ResourceDescription = {
  key: 'dictItem',
  title: '字典项',
  api: { base: '/sys/dictItem' },
  permissions: { list: DICT_PERMISSIONS.list, add: DICT_PERMISSIONS.add, edit: DICT_PERMISSIONS.edit, remove: DICT_PERMISSIONS.remove },
  fields: [
    { name: 'itemText', label: '名称', kind: 'text', list: true, search: true },
    { name: 'itemValue', label: '数据值', kind: 'text', list: { width: 120 } },
    { name: 'sortOrder', label: '排序', kind: 'number', list: { width: 70 } },
    { name: 'status', label: '状态', kind: 'select', options: DICT_ITEM_STATUSES, list: { width: 80 }, search: true },
    { name: 'description', label: '描述', kind: 'textarea' },
  ],
  createSchema: dictItemSchema,
  editSchema: dictItemEditSchema,
  titleField: 'itemText',
  subtitleFields: ['itemValue', 'status'],
  defaultSort: { field: 'sortOrder', order: 'asc' },
};

export const DICT_PAGE = {
  id: 'menu-system-dict',
  parent: 'menu-system',
  name: '数据字典',
  path: '/system/dict',
  component: 'system/DictList',
  icon: 'book',
  order: 5,
  roles: ['admin'],
  rules: resourceRules(DICT_RESOURCE.permissions, '字典'),
} as const satisfies MenuDeclaration;
