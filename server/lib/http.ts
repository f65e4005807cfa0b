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
