import type { ApiEnvelope } from '@contract/envelope.ts';

export function ok<T>(result: T, message = '操作成功！'): ApiEnvelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** An answer for the user: its message is shown as it is, so it never carries internals. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = '没有权限执行此操作') => new HttpError(403, message);
export const notFound = (message = '很抱歉，资源未找到!') => new HttpError(404, message);

/** PostgreSQL's unique_violation (of the named index, if given), possibly wrapped by the query builder. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint || String((e as { message?: unknown }).message ?? '').includes(constraint);
  }
  return false;
}
