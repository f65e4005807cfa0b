import { z } from 'zod';
import type { CurrentDeparts, CurrentRoles, DepartOption, EncryptedString, LoginResult, RoleOption, UserInfo } from '@contract/session.ts';
import { envelope } from '../../lib/answers.ts';

/** What the session calls answer (contract/session.ts). */

const maybeText = z.string().nullable();

/** The logged-in person as the app keeps them: never the password hash, which userInfoOf leaves out. */
export const userInfo = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: maybeText,
  sex: z.number().int().nullable().meta({ description: '1 男，2 女' }),
  birthday: maybeText,
  email: maybeText,
  phone: maybeText,
  telephone: maybeText,
  workNo: maybeText.meta({ description: '工号（学生为学号）' }),
  orgCode: maybeText.meta({ description: '所属单位编码（字典 dt0201）' }),
  orgCodeTxt: maybeText.meta({ description: '所属单位名称' }),
  post: maybeText,
  yhlx: z.string().meta({ description: '用户类型：0 教职工，1 学生，2 企业导师' }),
  passwordChangeRequired: z.boolean().meta({ description: '仍是初始密码：修改前只能改密码' }),
}) satisfies z.ZodType<UserInfo>;

export const roleOption = z.object({ id: z.string(), roleCode: z.string(), roleName: z.string() }) satisfies z.ZodType<RoleOption>;

export const departOption = z.object({ id: z.string(), orgCode: z.string(), departName: z.string() }) satisfies z.ZodType<DepartOption>;

/** Every way of logging in (password, SMS code, single sign-on) answers this (sign-in.ts). */
export const loginAnswer = envelope(
  z.object({
    token: z.string().meta({ description: '放在 X-Access-Token 请求头中' }),
    userInfo,
    sysroles: z.array(roleOption),
    multi_sysrole: z.boolean().meta({ description: '有多个身份，登录后请选择' }),
    departs: z.array(departOption),
    multi_depart: z.boolean().meta({ description: '属于多个部门，登录后请选择' }),
  }) satisfies z.ZodType<LoginResult>,
);

export const encryptedStringAnswer = envelope(
  z.object({ key: z.string(), iv: z.string() }).meta({ description: '本安装的 AES 密钥与向量：登录和改密码时密码按它加密' }) satisfies z.ZodType<EncryptedString>,
);

/** A change of the session's role or department, or of the person's own details: the person as they now are. */
export const userInfoAnswer = envelope(z.object({ userInfo }));

export const currentRolesAnswer = envelope(
  z.object({ list: z.array(roleOption), roleId: z.string().nullable().meta({ description: '本会话当前的身份' }) }) satisfies z.ZodType<CurrentRoles>,
);

export const currentDepartsAnswer = envelope(z.object({ list: z.array(departOption), orgCode: z.string().nullable() }) satisfies z.ZodType<CurrentDeparts>);
