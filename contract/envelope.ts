/** The response envelope of every API call (SPEC.md section 7, SPEC-DECISIONS.md). */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export const TOKEN_INVALID_MESSAGE = 'Token失效，请重新登录!';
export const ACCESS_TOKEN_HEADER = 'X-Access-Token';
