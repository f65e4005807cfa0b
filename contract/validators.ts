import * as z from 'zod/mini';
import { MSG } from './messages.ts';
import { personName } from './resource.ts';
import { BIRTHDAY_MESSAGE, EMAIL_PATTERN, LANDLINE_PATTERN, MOBILE_PATTERN, PASSWORD_PATTERN, PROFILE_PHONE_PATTERN, isCalendarDate } from './patterns.ts';

// zod/mini keeps the phone's first load small; the server validates with the very same schemas.

/** Required text: blank is missing; the value itself is kept as typed (passwords may hold spaces). */
const required = (message: string) => z.string({ error: message }).check(z.refine((v) => v.trim().length > 0, { error: message, abort: true }));
const matching = (message: string, pattern: RegExp) => required(message).check(z.regex(pattern, message));
/** Empty strings mean "not given" for optional profile fields. */
const optional = <T extends z.core.$ZodType>(schema: T) => z.optional(z.nullable(z.union([z.literal(''), schema])));
const sameAs = <T extends { password: string; confirmpassword: string }>() =>
  z.refine<T>((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], error: MSG.passwordMismatch });

export const passwordField = matching(MSG.passwordStrength, PASSWORD_PATTERN);
export const mobileField = required(MSG.phoneRequired).check(z.regex(MOBILE_PATTERN, MSG.phoneFormat));
export const emailField = required(MSG.emailRequired).check(z.regex(EMAIL_PATTERN, MSG.emailFormat));
export const landlineField = z.string().check(z.regex(LANDLINE_PATTERN, MSG.landlineFormat));

export const loginSchema = z.object({
  username: required(MSG.usernameRequired),
  password: required(MSG.passwordRequired),
  remember_me: z.optional(z.boolean()),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const USER_TYPES = [
  { value: '0', text: '教职工' },
  { value: '1', text: '学生' },
  { value: '2', text: '企业导师' },
] as const;

export const registerSchema = z
  .object({
    yhlx: z.enum(['0', '1', '2'], { error: MSG.yhlxRequired }),
    username: required(MSG.usernameRequired).check(z.maxLength(32, '用户账号不能超过32个字符')),
    workNo: required(MSG.workNoRequired).check(z.maxLength(32, '工号不能超过32个字符')),
    realname: personName(MSG.realnameRequired, 32, '用户名称'),
    phone: mobileField,
    email: emailField,
    password: passwordField,
    confirmpassword: required(MSG.confirmPasswordRequired),
    /** The code POST /sys/sms (smsmode 1) sent to the phone, as JeecgBoot's registration form sends it; optional here. */
    smscode: optional(z.string().check(z.regex(/^\d{6}$/, MSG.smsCodeFormat))),
  })
  .check(sameAs());
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * What every registration is answered, whether or not its account name, 工号, phone or e-mail is taken
 * (nobody learns from it who has an account): the outcome goes to the phone by SMS.
 */
export const REGISTER_SUBMITTED = '注册申请已提交，若信息无误，短信将告知注册结果';

/** Password change, both for the logged-in user and from the login page (alteration). */
export const changePasswordSchema = z
  .object({
    username: required(MSG.usernameRequired),
    oldpassword: required(MSG.oldPasswordRequired),
    password: passwordField,
    confirmpassword: required(MSG.newPasswordConfirmRequired),
  })
  .check(sameAs());
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const retrieveAccountSchema = z.object({
  username: required(MSG.usernameRequired),
  phone: mobileField,
});
export const retrieveCodeSchema = z.extend(retrieveAccountSchema, {
  code: required(MSG.smsCodeRequired).check(z.regex(/^\d{6}$/, MSG.smsCodeFormat)),
});
export const retrieveResetSchema = z
  .object({
    resetToken: z.string().check(z.minLength(1)),
    password: passwordField,
    confirmpassword: required(MSG.newPasswordConfirmRequired),
  })
  .check(sameAs());

export const profileSchema = z.object({
  id: z.string().check(z.minLength(1)),
  ydyz: z.literal('1'),
  birthday: optional(z.string().check(z.refine(isCalendarDate, BIRTHDAY_MESSAGE))),
  email: optional(z.string().check(z.regex(EMAIL_PATTERN, MSG.profileEmailFormat))),
  phone: optional(z.string().check(z.regex(PROFILE_PHONE_PATTERN, MSG.profilePhoneFormat))),
});
export type ProfileInput = z.infer<typeof profileSchema>;
