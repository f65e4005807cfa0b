import * as z from 'zod/mini';
import { codeText, optionalInt, requiredText, withId, type ResourceDescription } from './resource.ts';
import { resourceRules, type MenuDeclaration } from './menu-declaration.ts';

/**
 * 编码规则 (sys_fill_rule): a code field's next value is prefix + the date on the school's clock in
 * datePattern (dayjs tokens; '' for none) + a sequence of seqDigits digits that restarts at 1 when the
 * date part changes.
 */

export const FILL_RULE_PERMISSIONS = {
  list: 'system:fillrule:list',
  add: 'system:fillrule:add',
  edit: 'system:fillrule:edit',
  remove: 'system:fillrule:delete',
} as const;

/** Shown as the patterns themselves: short enough for the phone's choice buttons, and what the code will hold. */
export const DATE_PATTERNS = [
  { value: '', label: '无' },
  { value: 'YYYY', label: 'YYYY' },
  { value: 'YYYYMM', label: 'YYYYMM' },
  { value: 'YYYYMMDD', label: 'YYYYMMDD' },
  { value: 'YYYYMMDDHHmmss', label: 'YYYYMMDDHHmmss' },
] as const;
export type DatePattern = (typeof DATE_PATTERNS)[number]['value'];

export const PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;
export const SEQ_DIGITS_DEFAULT = 4;

export const FILL_RULE_MESSAGES = {
  notFound: '编码规则不存在',
  exhausted: '流水号已用完，请增加流水号位数',
} as const;

/**
 * Add and edit. Left out, prefix, datePattern and seqDigits take the column defaults when adding
 * ('' , YYYYMMDD, 4) and stay as they are when editing; null (a blank input) is no prefix, no date
 * part and 4 digits.
 */
export const fillRuleSchema = z.object({
  ruleName: requiredText('请输入规则名称', 50),
  ruleCode: codeText('请输入规则编码', 64),
  prefix: z.pipe(
    z.optional(
      z.nullable(
        z.string().check(z.maxLength(20, '前缀不能超过20个字符'), z.regex(PREFIX_PATTERN, '前缀只能包含字母、数字、短横线和下划线')),
      ),
    ),
    z.transform((v) => (v === null ? '' : v)),
  ),
  datePattern: z.pipe(
    z.optional(z.nullable(z.enum(['', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYYYMMDDHHmmss'], { error: '请选择正确的日期格式' }))),
    z.transform((v) => (v === null ? '' : v)),
  ),
  seqDigits: z.pipe(
    optionalInt(1, 10, '流水号位数'),
    z.transform((v) => (v === null ? SEQ_DIGITS_DEFAULT : v)),
  ),
});
export type FillRuleInput = z.infer<typeof fillRuleSchema>;

export interface FillRuleRow {
  id: string;
  ruleName: string;
  ruleCode: string;
  prefix: string;
  datePattern: string;
  seqDigits: number;
  /** The sequence number of the last code given. */
  seqValue: number;
  /** The date part of the last code given. */
  seqPeriod: string;
  createTime: string;
}

export const ruleCodeParamsSchema = z.object({
  ruleCode: z.string({ error: '请输入规则编码' }).check(z.minLength(1, '请输入规则编码'), z.maxLength(64, FILL_RULE_MESSAGES.notFound)),
});

export const FILL_RULE_RESOURCE: ResourceDescription = {
  key: 'fillRule',
  title: '编码规则',
  api: { base: '/sys/fillRule' },
  permissions: FILL_RULE_PERMISSIONS,
  fields: [
    { name: 'ruleName', label: '规则名称', kind: 'text', list: { sortable: true }, search: true },
    { name: 'ruleCode', label: '规则编码', kind: 'text', list: { width: 180, sortable: true }, search: true, unique: { table: 'sys_fill_rule', field: 'rule_code' } },
    { name: 'prefix', label: '前缀', kind: 'text', list: { width: 120 }, placeholder: '字母、数字、短横线或下划线，可不填' },
    { name: 'datePattern', label: '日期格式', kind: 'select', options: DATE_PATTERNS, list: { width: 200 }, placeholder: '不选则无日期部分' },
    { name: 'seqDigits', label: '流水号位数', kind: 'number', list: { width: 110 }, placeholder: `1–10，默认${SEQ_DIGITS_DEFAULT}` },
    { name: 'seqValue', label: '当前流水号', kind: 'number', list: { width: 110 }, form: false },
  ],
  createSchema: fillRuleSchema,
  editSchema: withId(fillRuleSchema),
  titleField: 'ruleName',
  subtitleFields: ['ruleCode', 'prefix', 'datePattern'],
  defaultSort: { field: 'ruleCode', order: 'asc' },
};

export const FILL_RULE_PAGE = {
  id: 'menu-system-fillrule',
  parent: 'menu-system',
  name: '编码规则',
  path: '/system/fillrule',
  component: 'system/FillRuleList',
  icon: 'number',
  order: 9,
  roles: ['admin'],
  rules: resourceRules(FILL_RULE_PERMISSIONS, '编码规则'),
} as const satisfies MenuDeclaration;
