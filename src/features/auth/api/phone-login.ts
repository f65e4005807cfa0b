import { useAction } from '@/hooks/use-action.ts';
import { SMS_MODES, phoneLoginSchema, type PhoneLoginInput } from '@contract/phone-login.ts';
import type { LoginResult } from '@contract/session.ts';
import { ApiError, request } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';

export { phoneLoginSchema };

/** Asks for a login code by SMS; the server answers alike whether or not the phone has an account. */
export const sendLoginCode = (mobile: string) =>
  request<null>({ method: 'post', url: '/sys/sms', data: { mobile, smsmode: SMS_MODES.login } }).then((b) => b.message);

/** Logs in with the code and keeps the session, as the account login does (code 200, compared as text). */
export async function phoneLogin(input: PhoneLoginInput): Promise<LoginResult> {
  const body = await request<LoginResult>({ method: 'post', url: '/sys/phoneLogin', data: input });
  if (String(body.code) !== '200') throw new ApiError(body.message || '登录失败', 200, body.code, false);
  sessionStore.saveLogin(body.result);
  return body.result;
}

export const useSendLoginCode = () => useAction(sendLoginCode);
export const usePhoneLogin = () => useAction(phoneLogin);
