import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { sysIdempotency } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';

/**
 * Idempotency-Key for write routes. The first request with a key (per user) runs and its successful
 * answer is stored; a replay with the same key and the same request gets that answer again, with the
 * same status and the header Idempotent-Replay: true, and runs nothing. The same key with another
 * request is refused (409). A request that fails (4xx, 5xx) stores nothing, so it may be retried.
 *
 * A route opts in with config.idempotency: true (its params, query and validated body make up the
 * request). A route that reads its body itself (multipart) calls claimIdempotency with what makes up
 * its request, once it has read it. Without the header a request runs as usual.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: IdempotencyClaim | null;
  }
}

interface IdempotencyClaim {
  userId: string;
  key: string;
  settled: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** A pending claim older than this is taken to be from a request that died, and may be taken over. */
const STALE_MS = 60_000;
/** Stored answers are kept long enough for a phone's outbox to replay a request after weeks offline. */
export const IDEMPOTENCY_KEEP_DAYS = 30;
const DAY = 86_400_000;

export const IDEMPOTENCY_MSG = {
  keyFormat: '请求标识（Idempotency-Key）格式有误',
  mismatch: '该请求标识已用于内容不同的请求，请勿重复使用',
  inProgress: IDEMPOTENCY_IN_PROGRESS_MESSAGE,
} as const;

/** JSON with sorted keys (and Buffers as their hash), so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify(`sha256:${createHash('sha256').update(value).digest('hex')}`);
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/**
 * Claims the request's Idempotency-Key. Returns true when the stored answer of an earlier identical
 * request has been sent (the caller must stop and return the reply); false when the request should run.
 */
export async function claimIdempotency(request: FastifyRequest, reply: FastifyReply, material: unknown): Promise<boolean> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return false;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest(IDEMPOTENCY_MSG.keyFormat);
  const { userId } = requireAuth(request.auth);
  const db = request.server.db;
  const route = routeOf(request);
  const requestHash = createHash('sha256').update(canonical({ route, material })).digest('hex');

  const [claimed] = await db
    .insert(sysIdempotency)
    .values({ userId, key: header, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: sysIdempotency.key });
  if (claimed) {
    request.idempotencyClaim = { userId, key: header, settled: false };
    return false;
  }

  const [stored] = await db
    .select()
    .from(sysIdempotency)
    .where(and(eq(sysIdempotency.userId, userId), eq(sysIdempotency.key, header)));
  if (!stored) throw new HttpError(409, IDEMPOTENCY_MSG.inProgress);
  if (stored.requestHash !== requestHash) throw new HttpError(409, IDEMPOTENCY_MSG.mismatch);
  if (stored.status === 'done' && stored.responseStatus !== null && stored.responseBody !== null) {
    await reply.code(stored.responseStatus).header(IDEMPOTENT_REPLAY_HEADER, 'true').type('application/json; charset=utf-8').send(stored.responseBody);
    return true;
  }
  // Pending: another copy is running, or one died before it answered; take over only the latter.
  // Retry-After tells a client's outbox that this 409 is worth retrying (the answer is on its way).
  const inProgress = () => {
    reply.header('Retry-After', '1');
    return new HttpError(409, IDEMPOTENCY_MSG.inProgress);
  };
  if (Date.now() - stored.updatedAt.getTime() < STALE_MS) throw inProgress();
  const [taken] = await db
    .update(sysIdempotency)
    .set({ updatedAt: new Date() })
    .where(and(eq(sysIdempotency.userId, userId), eq(sysIdempotency.key, header), eq(sysIdempotency.status, 'pending'), lt(sysIdempotency.updatedAt, new Date(Date.now() - STALE_MS))))
    .returning({ key: sysIdempotency.key });
  if (!taken) throw inProgress();
  request.idempotencyClaim = { userId, key: header, settled: false };
  return false;
}

/** Deletes the keys older than IDEMPOTENCY_KEEP_DAYS (the scheduled job idempotency-cleanup); answers how many. */
export async function purgeIdempotency(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(sysIdempotency)
    .where(lt(sysIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * DAY)))
    .returning({ key: sysIdempotency.key });
  return removed.length;
}

export default fp(async (app: App) => {
  const { db } = app;
  app.decorateRequest('idempotencyClaim', null);

  const release = async (claim: IdempotencyClaim) => {
    claim.settled = true;
    await db
      .delete(sysIdempotency)
      .where(and(eq(sysIdempotency.userId, claim.userId), eq(sysIdempotency.key, claim.key), eq(sysIdempotency.status, 'pending')));
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    const own = async function (request: FastifyRequest, reply: FastifyReply) {
      const material = { params: request.params ?? null, query: request.query ?? null, body: request.body ?? null };
      if (await claimIdempotency(request, reply, material)) return reply;
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [own, ...(Array.isArray(existing) ? existing : [existing])] : own;
  });

  // The answer as the client gets it (before compression): stored before it is sent, so a replay that
  // arrives after the client has seen it finds it.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.settled) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await release(claim);
      return payload;
    }
    claim.settled = true;
    try {
      const serialized = reply.serialize(payload);
      const responseBody = typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString('utf8');
      await db
        .update(sysIdempotency)
        .set({ status: 'done', responseStatus: reply.statusCode, responseBody, updatedAt: new Date() })
        .where(and(eq(sysIdempotency.userId, claim.userId), eq(sysIdempotency.key, claim.key)));
    } catch (err) {
      request.log.error({ err }, 'storing an idempotent answer failed');
      await release(claim).catch(() => undefined);
    }
    return payload;
  });

  // Answers that never went through serialisation (or requests that died): free the key for a retry.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim && !claim.settled) await release(claim);
  });
});
