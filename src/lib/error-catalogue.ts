import { TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { INITIAL_PASSWORD_MESSAGE } from '@contract/session.ts';

export interface ErrorOutcome {
  message: string;
  /** Log the user out (401, or a 500 saying the token is invalid while one is held). */
  logout?: boolean;
  /** Invalid software licence: go to the system-info page after 4 s. */
  licence?: boolean;
  /** The account must change its initial password first: the app shows that change. */
  passwordChange?: boolean;
}

export const LICENCE_CODE = 901;

/**
 * What the user sees for a failed call (SPEC.md section 8), as a pure function of what came back.
 * status is undefined when no response arrived at all.
 */
export function describeFailure(input: { status?: number; body?: { message?: unknown; code?: unknown } | null; hasToken: boolean; timedOut?: boolean }): ErrorOutcome {
  const { status, body, hasToken } = input;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : null;
  if (status === LICENCE_CODE || Number(body?.code) === LICENCE_CODE) return { message: '无效的软件授权信息!', licence: true };
  if (status === undefined) return { message: input.timedOut ? '网络超时' : '网络连接异常，请检查网络后重试' };
  switch (status) {
    case 403:
      if (serverMessage === INITIAL_PASSWORD_MESSAGE) return { message: INITIAL_PASSWORD_MESSAGE, passwordChange: true };
      return { message: '拒绝访问' };
    case 500:
      if (hasToken && serverMessage?.includes('Token失效，请重新登录')) return { message: TOKEN_INVALID_MESSAGE, logout: true };
      return { message: serverMessage ?? '服务器内部错误，请稍后重试' };
    case 404:
      return { message: '很抱歉，资源未找到!' };
    case 504:
      return { message: '网络超时' };
    case 401:
      return { message: '未授权，请重新登录', logout: true };
    default:
      return { message: serverMessage ?? `请求失败（${status}）` };
  }
}
