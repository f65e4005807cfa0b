import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiEnvelope } from '@contract/envelope.ts';
import { HttpError, isUniqueViolation } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { RATE_LIMITED } from './rate-limit-store.ts';

const envelope = (code: number, message: string): ApiEnvelope<null> => ({ success: false, message, code, result: null, timestamp: Date.now() });

/** Fastify's default longest path parameter; a longer one is refused before any route runs (frameworkErrors). */
export const MAX_PARAM_LENGTH = 100;

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * What the framework's own refusals (body parsing, routing, uploads) say, by their code: each in the
 * envelope with the status Fastify chose, so a client sees the same shape whatever stopped the call.
 */
function frameworkMessage(error: FastifyError, request: FastifyRequest): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求内容不是有效的 JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求内容为空：声明为 JSON 的请求须带有内容';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的请求格式';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `请求内容过大，不能超过 ${megabytes(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1_048_576)}`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求内容的长度与 Content-Length 不符';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `请求路径中的参数过长，不能超过 ${MAX_PARAM_LENGTH} 个字符`;
    case 'FST_ERR_BAD_URL':
      return '请求路径无效';
    case 'FST_REQ_FILE_TOO_LARGE':
      return '上传的文件过大';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '请以表单（multipart/form-data）上传文件';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return '上传的文件或字段过多';
    default:
      return null;
  }
}

/**
 * The errors Fastify answers before a route runs (a path parameter over MAX_PARAM_LENGTH characters, a
 * URL that does not decode), given to the Fastify constructor: in the envelope like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed before routing');
  return reply.status(status).send(envelope(status, status === 500 ? '服务器内部错误，请稍后重试' : (frameworkMessage(error, request) ?? '请求参数有误')));
}

/**
 * A request Node's HTTP parser could not read (a header too large, a broken request line, too slow to
 * arrive) never reaches Fastify: the connection is answered in the envelope and closed, as Fastify's own
 * handler does with its own body.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', '请求超时，请重试']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', '请求头过大']
        : [400, 'Bad Request', '请求格式有误'];
  const body = JSON.stringify(envelope(status, message));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** One error handler: answers in the envelope, with a clear Chinese message, never with a 5xx's inner text. */
export default fp(async (app: App) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send(envelope(400, first?.message || '请求参数有误'));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (isUniqueViolation(error)) return reply.status(409).send(envelope(409, '数据已存在，请勿重复提交'));
    const status = error.statusCode;
    if (status === 429) return reply.status(429).send(envelope(429, RATE_LIMITED));
    if (status && status >= 400 && status < 500) return reply.status(status).send(envelope(status, frameworkMessage(error, request) ?? '请求参数有误'));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(500, '服务器内部错误，请稍后重试'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${app.config.apiPrefix}/`)) return reply.status(404).send(envelope(404, '很抱歉，资源未找到!'));
    return reply.status(404).type('text/plain; charset=utf-8').send('404 Not Found');
  });
});
