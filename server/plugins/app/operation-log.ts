import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOG_TYPE } from '@contract/log.ts';
import { sysLog } from '../../db/schema.ts';
import type { App } from '../../types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the operation log calls a write route (添加用户); without it the log names the method and address. */
    logTitle?: string;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const PARAMS_MAX = 2000;
const BLANK = '******';
/** Names of fields whose values never reach the log: passwords, tokens, one-time codes (not orgCode, roleCode, ...). */
const SECRET_NAME = /password|token|secret|captcha|^(sms|verify)?code$/i;

function blankSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, SECRET_NAME.test(name) ? BLANK : blankSecrets(v)]));
}

/** The address as called, with secret query values blanked too (a DELETE names its ids in the query). */
function blankQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const secrets = [...new Set(query.keys())].filter((name) => SECRET_NAME.test(name));
  if (secrets.length === 0) return url;
  for (const name of secrets) query.set(name, BLANK);
  return `${url.slice(0, at)}?${query.toString()}`;
}

function requestParams(request: FastifyRequest): string | null {
  // An upload's body is the file, read by the handler itself: the log only says there was one.
  if (request.headers['content-type']?.startsWith('multipart/')) return '[文件上传]';
  if (request.body === undefined || request.body === null) return null;
  return JSON.stringify(blankSecrets(request.body)).slice(0, PARAMS_MAX);
}

/** Entries are written together: one statement per FLUSH_MS (or per BATCH_MAX entries) rather than one per write. */
const FLUSH_MS = 50;
const BATCH_MAX = 200;

/**
 * The operation log (sys_log, log type 2): every write under the API made with a session — who, when,
 * what, from where, the body without secrets, the answer's status and the time it took — written once
 * the answer is sent, so logging never slows or fails a request. At the morning peak a statement per
 * check-in was a tenth of what a check-in cost on PGlite, so entries wait up to FLUSH_MS to share one.
 * Logins and logouts have their own entries (log type 1, modules/auth/log.ts); calls without a session
 * are not anyone's operation.
 */
export default fp(async (app: App) => {
  const { apiPrefix } = app.config;
  const ownLog = new Set([`${apiPrefix}/sys/login`, `${apiPrefix}/sys/logout`]);
  let waiting: (typeof sysLog.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let written = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length > 0) {
      written = written.then(async () => {
        try {
          await app.db.insert(sysLog).values(batch);
        } catch (err) {
          app.log.error({ err, entries: batch.length }, 'operation log not written');
        }
      });
    }
    return written;
  };

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const user = request.auth;
    if (!user || !WRITE_METHODS.has(request.method) || !route?.startsWith(`${apiPrefix}/`) || ownLog.has(route)) return;
    waiting.push({
      logType: LOG_TYPE.operation,
      logContent: request.routeOptions.config.logTitle ?? `${request.method} ${route}`,
      userId: user.userId,
      username: user.username,
      ip: request.ip,
      method: request.method,
      requestUrl: blankQuery(request.url),
      requestParams: requestParams(request),
      statusCode: reply.statusCode,
      costTime: Math.round(reply.elapsedTime),
      createdAt: new Date(),
    });
    if (waiting.length >= BATCH_MAX) void flush();
    else timer ??= setTimeout(flush, FLUSH_MS);
  });

  // Entries still waiting when the server stops are written before the database closes.
  app.addHook('onClose', async () => {
    await flush();
  });
});
