import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiEnvelope } from '@contract/envelope.ts';
import { HttpError, isUniqueViolation } from '../../lib/http.ts';
import type { App } from '../../types.ts';

const envelope = (code: number, message: string): ApiEnvelope<null> => ({ success: false, message, code, result: null, timestamp: Date.now() });

/** One error handler: answers in the envelope, with a clear Chinese message, never with a 5xx's inner text. */
export default fp(async (app: App) => {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send(envelope(400, first?.message || '请求参数有误'));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (isUniqueViolation(error)) return reply.status(409).send(envelope(409, '数据已存在，请勿重复提交'));
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) return reply.status(429).send(envelope(429, '操作过于频繁，请稍后再试'));
    if (status === 415) return reply.status(415).send(envelope(415, '不支持的请求格式'));
    if (status && status >= 400 && status < 500) return reply.status(status).send(envelope(status, '请求参数有误'));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(500, '服务器内部错误，请稍后重试'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${app.config.apiPrefix}/`)) return reply.status(404).send(envelope(404, '很抱歉，资源未找到!'));
    return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
  });
});
