import { z } from 'zod';
import { envelope } from '../../lib/answers.ts';

/** What password retrieval's code check answers: the one-time token its password reset then sends. */
export const resetTokenAnswer = envelope(z.object({ resetToken: z.string().meta({ description: '重置密码用的一次性令牌，15 分钟内有效' }) }));

/**
 * The registration form as the browser sends it: registerSchema's fields (contract/validators.ts), the passwords
 * AES-encrypted (GET /sys/getEncryptedString). The route decrypts them and checks the whole form itself, with
 * registerSchema's messages, so this only says it is an object.
 */
export const registerBody = z.record(z.string(), z.unknown()).meta({
  description: '注册表单：username、realname、workNo、yhlx、phone、email、password、confirmpassword（两个密码按 getEncryptedString 的密钥 AES 加密），可选 smscode（POST /sys/sms smsmode 1 发到该手机的验证码）',
});
