import * as z from 'zod/mini';
import { MSG } from './messages.ts';
import { mobileField } from './validators.ts';

/** JeecgBoot's smsmode of POST /sys/sms: what the code is for. */
export const SMS_MODES = { login: '0', register: '1', retrieve: '2' } as const;
export type SmsMode = (typeof SMS_MODES)[keyof typeof SMS_MODES];

/** How long a code holds, and how many wrong tries void it. */
export const SMS_CODE_MINUTES = 5;
export const SMS_CODE_MAX_ATTEMPTS = 3;
/** Seconds before the same phone may be sent another code (the 获取验证码 button counts them down). */
export const SMS_RESEND_SECONDS = 60;

export const smsCodeField = z.string({ error: MSG.smsCodeRequired }).check(z.regex(/^\d{6}$/, MSG.smsCodeFormat));

export const sendSmsSchema = z.object({
  mobile: mobileField,
  smsmode: z.enum([SMS_MODES.login, SMS_MODES.register, SMS_MODES.retrieve], { error: '验证码用途有误' }),
});
export type SendSmsInput = z.infer<typeof sendSmsSchema>;

/** POST /sys/phoneLogin, as JeecgBoot names its fields: captcha is the SMS code. */
export const phoneLoginSchema = z.object({ mobile: mobileField, captcha: smsCodeField });
export type PhoneLoginInput = z.infer<typeof phoneLoginSchema>;

/** What /sys/sms answers every well-formed request, whether or not the phone has an account. */
export const SMS_SENT = '验证码已发送，请注意查收';
/** What a wrong, expired, used or voided code, or a phone without an account, is answered. */
export const PHONE_LOGIN_FAILED = '手机号或验证码错误';
