import { useAction } from '@/hooks/use-action.ts';
import type { LoginResult } from '@contract/session.ts';
import type { LoginInput } from '@contract/validators.ts';
import { ApiError, request } from '@/lib/api-client.ts';
import { sendEncrypted } from '@/lib/encryption.ts';
import { sessionStore } from '@/lib/session-store.ts';


async function loginAndKeepSession(input: LoginInput): Promise<LoginResult> {
  const result = await login(input);
  sessionStore.saveLogin(result);
  return result;
}

/** Counts as logged in only when the server says code 200, compared as text (SPEC.md section 5). */
export function login(input: LoginInput): Promise<LoginResult> {
  return sendEncrypted(
    async (data, silent) => {
      const body = await request<LoginResult>({ method: 'post', url: '/sys/login', data, silent });
      if (String(body.code) !== '200') throw new ApiError(body.message || '登录失败', 200, body.code, false);
      return body.result;
    },
    input,
    ['password'],
  );
}

export function useLogin() {
  return useAction(loginAndKeepSession);
}
