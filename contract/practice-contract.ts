import * as z from 'zod/mini';
import { addDays, schoolToday } from './internship.ts';
import { UNIT_RESOURCE } from './internship-unit.ts';
import { optionalText, refTo, requiredText, type FieldOption, type ResourceDescription } from './resource.ts';
import { isCalendarDate } from './patterns.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 校企合作协议 (DOMAIN.md "Practice teaching"): the school's agreements with partner units, their type, term,
 * files and status. An active contract ending within EXPIRY_WARN_DAYS is 即将到期: the list filters it, and a
 * scheduled job tells the office once per end date (server/modules/practice-contract/job.ts).
 */

export const CONTRACT_PERMISSIONS = {
  list: 'practice:contract:list',
  add: 'practice:contract:add',
  edit: 'practice:contract:edit',
  remove: 'practice:contract:delete',
  export: 'practice:contract:export',
  import: 'practice:contract:import',
} as const;

export const CONTRACT_PATH = '/practice/contract';
const BASE = '/practice/contract';
export const CONTRACT_FILE_URL = {
  list: `${BASE}/file/list`,
  upload: `${BASE}/file/upload`,
  download: `${BASE}/file/download`,
  remove: `${BASE}/file/delete`,
} as const;

/** The dictionary of 协议类型 (migration practice_contract): 顶岗实习协议 … 其他. */
export const CONTRACT_TYPE_DICT = 'contract_type';

export type ContractStatus = 'active' | 'terminated';
export const CONTRACT_STATUSES: readonly (FieldOption & { value: ContractStatus })[] = [
  { value: 'active', label: '生效中', tone: 'success' },
  { value: 'terminated', label: '已终止', tone: 'default' },
];

/** An active contract ending within this many days (today counted as 0) is 即将到期. */
export const EXPIRY_WARN_DAYS = 60;
export type ContractExpiry = 'soon' | 'expired';
/** 到期提醒 of an active contract: a search field the server computes (no column), and the tag of each row. */
export const CONTRACT_EXPIRY: readonly (FieldOption & { value: ContractExpiry })[] = [
  { value: 'soon', label: `即将到期（${EXPIRY_WARN_DAYS}天内）`, tone: 'warning' },
  { value: 'expired', label: '已到期', tone: 'danger' },
];

const DAY_MS = 86_400_000;
/** Days from `today` to the end date (negative once past). */
export const daysUntil = (endDate: string, today: string = schoolToday()) => Math.round((Date.parse(endDate) - Date.parse(today)) / DAY_MS);
/** What an active contract's end date means today: 即将到期, 已到期, or nothing to say (null). */
export function contractExpiry(status: string, endDate: string, today: string = schoolToday()): ContractExpiry | null {
  if (status !== 'active') return null;
  if (endDate < today) return 'expired';
  return endDate <= addDays(today, EXPIRY_WARN_DAYS) ? 'soon' : null;
}

export const CONTRACT_MSG = {
  noRequired: '请输入协议编号',
  nameRequired: '请输入协议名称',
  unitRequired: '请选择合作单位',
  typeRequired: '请选择协议类型',
  typeUnknown: '协议类型无效，请从列表中选择',
  startRequired: '请选择开始日期',
  endRequired: '请选择结束日期',
  dateOrder: '结束日期不能早于开始日期',
  statusRequired: '请选择状态',
  noTaken: '协议编号已存在',
  notFound: '合作协议不存在',
  fileNotFound: '附件不存在',
  fileRequired: '请选择要上传的文件',
  fileEmpty: '文件是空的',
  fileTooLarge: '文件不能超过10MB',
  fileType: '只能上传PDF、图片（JPG、PNG、GIF、WEBP）或Word文档（DOC、DOCX）',
  tooManyFiles: (max: number) => `每份协议最多上传${max}个附件`,
  fileUploaded: '上传成功',
  fileDeleted: '附件已删除',
} as const;

export const CONTRACT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTRACT_MAX_FILES = 20;
/** For <input accept>. */
export const CONTRACT_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.webp,.doc,.docx,application/pdf,image/*';

const dateText = (message: string) => z.string({ error: message }).check(z.refine((v) => isCalendarDate(v), { error: message }));

const contractFields = {
  contractNo: requiredText(CONTRACT_MSG.noRequired, 50),
  name: requiredText(CONTRACT_MSG.nameRequired, 100),
  unitId: z.string({ error: CONTRACT_MSG.unitRequired }).check(z.minLength(1, CONTRACT_MSG.unitRequired)),
  type: z.string({ error: CONTRACT_MSG.typeRequired }).check(z.minLength(1, CONTRACT_MSG.typeRequired)),
  startDate: dateText(CONTRACT_MSG.startRequired),
  endDate: dateText(CONTRACT_MSG.endRequired),
  status: z.enum(['active', 'terminated'], { error: CONTRACT_MSG.statusRequired }),
  remark: optionalText(500),
};
const contractObject = z.object(contractFields);
type ContractFields = z.infer<typeof contractObject>;

/** Checked as soon as both dates are there, shown at 结束日期 by the form and refused by the server alike. */
const dateOrder = <T extends ContractFields>() =>
  z.refine<T>((v) => v.endDate >= v.startDate, {
    path: ['endDate'],
    error: CONTRACT_MSG.dateOrder,
    when: (payload) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value.startDate === 'string' && typeof value.endDate === 'string' && isCalendarDate(value.startDate) && isCalendarDate(value.endDate);
    },
  });

export const contractSchema = contractObject.check(dateOrder<ContractFields>());
export type ContractInput = z.infer<typeof contractSchema>;
export const contractEditSchema = z
  .extend(contractObject, { id: z.string({ error: '缺少参数 id' }).check(z.minLength(1, '缺少参数 id')) })
  .check(dateOrder<ContractFields & { id: string }>());

export const CONTRACT_RESOURCE: ResourceDescription = {
  key: 'practiceContract',
  title: '合作协议',
  api: { base: BASE },
  permissions: CONTRACT_PERMISSIONS,
  fields: [
    {
      name: 'contractNo',
      label: '协议编号',
      kind: 'text',
      list: { width: 130, sortable: true },
      search: true,
      excel: true,
      unique: { table: 'practice_contract', field: 'contract_no', message: CONTRACT_MSG.noTaken },
      placeholder: '如 XQHZ-2026-001',
    },
    { name: 'name', label: '协议名称', kind: 'text', list: true, search: true, excel: true },
    { name: 'unitId', label: '合作单位', kind: 'ref', ref: refTo(UNIT_RESOURCE, 'creditCode'), list: { width: 190 }, search: true, excel: true },
    { name: 'type', label: '协议类型', kind: 'dict', dictCode: CONTRACT_TYPE_DICT, list: { width: 130 }, search: true, excel: true },
    // 开始日期 is in the form and 详情; the list keeps its width for what the office acts on (结束日期, 到期提醒).
    { name: 'startDate', label: '开始日期', kind: 'date', excel: true },
    { name: 'endDate', label: '结束日期', kind: 'date', list: { width: 110, sortable: true }, excel: true, dependsOn: ['startDate'] },
    { name: 'status', label: '状态', kind: 'select', options: CONTRACT_STATUSES, list: { width: 80 }, search: true, excel: true },
    { name: 'expiry', label: '到期提醒', kind: 'select', options: CONTRACT_EXPIRY, list: { width: 170 }, search: true, form: false },
    { name: 'remark', label: '备注', kind: 'textarea', excel: true },
  ],
  createSchema: contractSchema,
  editSchema: contractEditSchema,
  titleField: 'name',
  subtitleFields: ['contractNo', 'unitId', 'endDate', 'status', 'expiry'],
  defaultSort: { field: 'endDate', order: 'asc' },
};

/** A new contract starts 生效中. */
export const CONTRACT_DEFAULTS = { status: 'active' } as const;

/** A row of the list: the table's fields, the unit's name, and what the end date means today. */
export interface ContractRow {
  id: string;
  contractNo: string;
  name: string;
  unitId: string;
  unitId_dictText: string | null;
  type: string;
  startDate: string;
  endDate: string;
  status: ContractStatus;
  remark: string | null;
  expiry: ContractExpiry | null;
  /** Days until the end date for an active contract (negative once past); null when terminated. */
  remainingDays: number | null;
  createTime: string;
  updateTime: string;
}

/** One file of a contract. */
export interface ContractFileMeta {
  id: string;
  contractId: string;
  fileName: string;
  mimeType: string;
  size: number;
  uploader: string | null;
  createTime: string;
}

export const contractIdQuery = z.object({ contractId: z.string({ error: '缺少参数 contractId' }).check(z.minLength(1, '缺少参数 contractId')) });

export const CONTRACT_PAGE = {
  id: 'menu-practice-contract',
  parent: 'menu-practice',
  name: '校企合作协议',
  path: '/practice/contract',
  component: 'practice/Contracts',
  icon: 'file-protect',
  order: 30,
  roles: ['admin', 'internshipOffice'],
  rules: [
    { code: CONTRACT_PERMISSIONS.list, name: '查看合作协议' },
    { code: CONTRACT_PERMISSIONS.add, name: '添加合作协议' },
    { code: CONTRACT_PERMISSIONS.edit, name: '编辑合作协议及附件' },
    { code: CONTRACT_PERMISSIONS.remove, name: '删除合作协议' },
    { code: CONTRACT_PERMISSIONS.export, name: '导出合作协议' },
    { code: CONTRACT_PERMISSIONS.import, name: '导入合作协议' },
  ],
} as const satisfies MenuDeclaration;
