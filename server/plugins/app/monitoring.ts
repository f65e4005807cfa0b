import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@contract/internship.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { Metrics } from '../../lib/metrics.ts';
import type { App } from '../../types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's figures for /metrics and the 监控页 (server/lib/metrics.ts). */
    metrics: Metrics;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Authorization: Bearer <token>, compared in constant time (both sides hashed to one length first). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Counts every request by its route as declared (never the raw address, whose ids would make a series each)
 * and status, and the outbox's writes; serves GET /metrics in Prometheus text when METRICS_ENABLED is set,
 * behind METRICS_TOKEN when that is set too. Off, /metrics is not a route at all: a 404 like any unknown path.
 */
export default fp(
  async (app: App, { database }: { database: DatabaseHandle }) => {
    const metrics = new Metrics(database.pool);
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      // The outbox sends every queued write with a key (internship/api/submit-record.ts, visit/api/visit-api.ts); a replay gets the stored answer.
      if (request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] !== undefined) metrics.outboxWrite(reply.getHeader(IDEMPOTENT_REPLAY_HEADER) === 'true');
    });

    const { metricsEnabled, metricsToken } = app.config;
    if (!metricsEnabled) return;
    app.get('/metrics', async (request, reply) => {
      if (metricsToken && !bearerMatches(request.headers.authorization, metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('401 Unauthorized');
      }
      const { contentType, text } = await metrics.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    });
  },
  { name: 'monitoring' },
);
