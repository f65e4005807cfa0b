import * as z from 'zod/mini';
import { MSG } from './messages.ts';
import { optionalText, personName, withId, type ResourceDescription } from './resource.ts';
import { BIRTHDAY_MESSAGE, EMAIL_PATTERN, LANDLINE_PATTERN, PASSWORD_PATTERN, PROFILE_PHONE_PATTERN, isCalendarDate } from './patterns.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/** 用户管理: the administrator's user form (SPEC.md section 5) and list. */
export const USER_ADMIN_MSG = {
  usernameTaken: '用户账号已存在',
  workNoTaken: '工号已存在',
  phoneTaken: MSG.profilePhoneTaken,
  emailTaken: MSG.profileEmailTaken,
  roleMissing: '选择的角色不存在',
  departMissing: '选择的部门不存在',
  notFound: '用户不存在',
  freezeSelf: '不能冻结当前登录的账号',
  frozen: '冻结成功!',
  unfrozen: '解冻成功!',
  passwordReset: '密码修改成功!',
} as const;

const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).check(
    z.refine((v) => v.trim().length > 0, { error: message, abort: true }),
    z.maxLength(max, `${label}不能超过${max}个字符`),
  );
const blankOr = (valid: RegExp | ((value: string) => boolean), message: string) =>
  z.optional(z.nullable(z.string().check(z.refine((v) => v === '' || (valid instanceof RegExp ? valid.test(v) : valid(v)), { error: message }))));
/** Comma-separated ids, as JeecgBoot's user form sends roles and departments. */
const idList = z.optional(z.nullable(z.string().check(z.maxLength(4000))));

const userFields = {
  realname: personName(MSG.realnameRequired, 32, '用户名称'),
  workNo: requiredText(MSG.workNoRequired, 32, '工号'),
  yhlx: z.enum(['0', '1', '2'], { error: MSG.yhlxRequired }),
  // A blank cell of an import is '' (no sex given), as a blank select of the form is null.
  sex: blankOr((v) => v === '1' || v === '2', '请选择性别'),
  birthday: blankOr(isCalendarDate, BIRTHDAY_MESSAGE),
  email: blankOr(EMAIL_PATTERN, MSG.profileEmailFormat),
  phone: blankOr(PROFILE_PHONE_PATTERN, MSG.profilePhoneFormat),
  telephone: blankOr(LANDLINE_PATTERN, MSG.landlineFormat),
  post: optionalText(64),
  orgCode: optionalText(64),
  selectedroles: idList,
  /** SPEC.md section 3 names the roles roleIds; the old form sends selectedroles. Either is taken. */
  roleIds: idList,
  selecteddeparts: idList,
};

const newAccountFields = {
  username: requiredText(MSG.usernameRequired, 32, '用户账号').check(z.regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -')),
  password: z.string({ error: MSG.passwordStrength }).check(z.regex(PASSWORD_PATTERN, MSG.passwordStrength)),
};

export const userAddSchema = z
  .object({
    ...newAccountFields,
    confirmpassword: requiredText(MSG.confirmPasswordRequired, 128, '确认密码'),
    ...userFields,
  })
  .check(z.refine((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], error: MSG.passwordMismatch }));
export type UserAddInput = z.infer<typeof userAddSchema>;

/** A row of the import template: the 初始密码 column has no confirmation to match. */
export const userImportSchema = z.object({ ...newAccountFields, ...userFields });
export type UserImportInput = z.infer<typeof userImportSchema>;

/** The administrator's edit: the account name and the password do not change here. */
export const userEditSchema = withId(z.object({ ...userFields, username: z.optional(z.string()) }));
export type UserEditInput = z.infer<typeof userEditSchema>;

export const frozenBatchSchema = z.object({
  ids: z.string({ error: '请选择用户' }).check(z.minLength(1, '请选择用户')),
  status: z.enum(['1', '2'], { error: '状态只能是正常或冻结' }),
});

export const resetPasswordSchema = z
  .object({
    username: requiredText(MSG.usernameRequired, 32, '用户账号'),
    password: z.string({ error: MSG.passwordStrength }).check(z.regex(PASSWORD_PATTERN, MSG.passwordStrength)),
    confirmpassword: requiredText(MSG.confirmPasswordRequired, 128, '确认密码'),
  })
  .check(z.refine((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], error: MSG.passwordMismatch }));

export interface UserAdminRow {
  id: string;
  username: string;
  realname: string;
  /** '1' 男, '2' 女. */
  sex: string | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  telephone: string | null;
  workNo: string | null;
  orgCode: string | null;
  post: string | null;
  yhlx: string;
  /** 1 正常, 2 冻结. */
  status: number;
  selectedroles: string;
  roleNames: string;
  selecteddeparts: string;
  departNames: string;
  createTime: string;
}

export const USER_SEX_OPTIONS = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
] as const;

export const USER_PERMISSIONS = {
  list: 'system:user:list',
  add: 'system:user:add',
  edit: 'system:user:edit',
  frozen: 'system:user:frozen',
  resetPassword: 'system:user:resetPassword',
  export: 'system:user:export',
  import: 'system:user:import',
} as const;

/** sys_user.status: 1 正常, 2 冻结 (a frozen account cannot log in). */
export const USER_STATUS_OPTIONS = [
  { value: '1', label: '正常', tone: 'success' },
  { value: '2', label: '冻结', tone: 'danger' },
] as const;

const FROZEN = 2;
const commaIds = (rows: readonly Readonly<Record<string, unknown>>[]) => rows.map((row) => String(row.id)).join(',');

export const USER_RESOURCE: ResourceDescription = {
  key: 'user',
  title: '用户',
  api: { base: '/sys/user' },
  permissions: { list: USER_PERMISSIONS.list, add: USER_PERMISSIONS.add, edit: USER_PERMISSIONS.edit, export: USER_PERMISSIONS.export, import: USER_PERMISSIONS.import },
  // The list's widths add up to what a 1440 px screen gives the table (about 1160 px, with the checkbox
  // and 操作): every column shows without a sideways scroll; long values end in … with the full text on hover.
  fields: [
    { name: 'username', label: '用户账号', kind: 'text', list: { width: 96, sortable: true }, search: true, excel: true, readOnlyOnEdit: true, unique: { table: 'sys_user', field: 'username', message: USER_ADMIN_MSG.usernameTaken } },
    { name: 'realname', label: '用户名称', kind: 'text', list: { width: 96, sortable: true }, search: true, excel: true },
    { name: 'password', label: '登录密码', kind: 'password', form: 'create', excel: { header: '初始密码' } },
    { name: 'confirmpassword', label: '确认密码', kind: 'password', form: 'create', sameAs: { field: 'password', message: MSG.passwordMismatch } },
    { name: 'workNo', label: '工号', kind: 'text', list: { width: 104, sortable: true }, search: true, excel: true, unique: { table: 'sys_user', field: 'work_no', message: USER_ADMIN_MSG.workNoTaken } },
    { name: 'yhlx', label: '用户类型', kind: 'dict', dictCode: 'user_type', list: { width: 80 }, search: true, excel: true },
    { name: 'selectedroles', label: '角色', kind: 'text', placeholder: '请选择角色' },
    { name: 'roleNames', label: '角色', kind: 'text', list: { width: 96 }, form: false },
    { name: 'selecteddeparts', label: '所属部门', kind: 'text', placeholder: '请选择部门' },
    { name: 'departNames', label: '所属部门', kind: 'text', list: { width: 96 }, form: false },
    { name: 'sex', label: '性别', kind: 'select', options: USER_SEX_OPTIONS, list: { width: 48 }, excel: true },
    { name: 'birthday', label: '生日', kind: 'date', excel: true },
    { name: 'phone', label: '手机号码', kind: 'text', list: { width: 110 }, search: true, excel: true, unique: { table: 'sys_user', field: 'phone', message: USER_ADMIN_MSG.phoneTaken } },
    { name: 'email', label: '邮箱', kind: 'text', list: true, excel: true, unique: { table: 'sys_user', field: 'email', message: USER_ADMIN_MSG.emailTaken } },
    { name: 'telephone', label: '座机', kind: 'text', excel: true, placeholder: '如 010-12345678' },
    { name: 'post', label: '职务', kind: 'text', excel: true },
    { name: 'status', label: '状态', kind: 'select', options: USER_STATUS_OPTIONS, list: { width: 64 }, search: true, form: false },
  ],
  createSchema: userAddSchema,
  editSchema: userEditSchema,
  importSchema: userImportSchema,
  titleField: 'realname',
  subtitleFields: ['username', 'workNo', 'status'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: [
    {
      key: 'resetPassword',
      label: '重置密码',
      permission: USER_PERMISSIONS.resetPassword,
      path: '/sys/user/changPassword',
      schema: resetPasswordSchema,
      body: ([user]) => ({ username: user?.username }),
      done: USER_ADMIN_MSG.passwordReset,
      fields: [
        { name: 'username', label: '用户账号', kind: 'text', readOnlyOnEdit: true },
        { name: 'password', label: '新密码', kind: 'password' },
        { name: 'confirmpassword', label: '确认密码', kind: 'password', sameAs: { field: 'password', message: MSG.passwordMismatch } },
      ],
    },
    {
      key: 'freeze',
      label: '冻结',
      permission: USER_PERMISSIONS.frozen,
      path: '/sys/user/frozenBatch',
      schema: frozenBatchSchema,
      body: (users) => ({ ids: commaIds(users), status: '2' }),
      done: USER_ADMIN_MSG.frozen,
      offeredFor: (user) => user.status !== FROZEN,
      confirm: (name) => `确定冻结“${name}”吗? 冻结后该用户立即退出登录。`,
      batch: true,
      danger: true,
    },
    {
      key: 'unfreeze',
      label: '解冻',
      permission: USER_PERMISSIONS.frozen,
      path: '/sys/user/frozenBatch',
      schema: frozenBatchSchema,
      body: (users) => ({ ids: commaIds(users), status: '1' }),
      done: USER_ADMIN_MSG.unfrozen,
      offeredFor: (user) => user.status === FROZEN,
      batch: true,
    },
  ],
};

export const USER_PAGE = {
  id: 'menu-system-user',
  parent: 'menu-system',
  name: '用户管理',
  path: '/system/user',
  component: 'system/UserList',
  icon: 'user',
  order: 1,
  roles: ['admin'],
  rules: [
    { code: USER_PERMISSIONS.list, name: '查看用户' },
    { code: USER_PERMISSIONS.add, name: '添加用户' },
    { code: USER_PERMISSIONS.edit, name: '编辑用户' },
    { code: USER_PERMISSIONS.frozen, name: '冻结/解冻用户' },
    { code: USER_PERMISSIONS.resetPassword, name: '重置密码' },
    { code: USER_PERMISSIONS.import, name: '导入用户' },
    { code: USER_PERMISSIONS.export, name: '导出用户' },
  ],
} as const satisfies MenuDeclaration;
