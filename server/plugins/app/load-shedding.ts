import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http.ts';
import type { App } from '../../types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered 503 by load shedding: it ran nothing, and wrote nothing to wait for. */
    shed: boolean;
  }
}

export const SERVER_BUSY_MESSAGE = '服务器繁忙，请稍后重试';

/** Retry-After of a shed request: a few seconds, spread, so the phones' outboxes do not come back together. */
const retryAfterSeconds = () => String(2 + Math.floor(Math.random() * 4));

/**
 * Past maxInFlight API requests at once in this process, a new one is answered at once with 503 and
 * Retry-After rather than queued behind the others. An overloaded server otherwise slows down for everyone:
 * requests wait for tens of seconds, the proxy runs out of connections and resets them, and each retry adds
 * to the queue. Shed, a request costs next to nothing and ran nothing, so a phone's outbox sends it again
 * after its backoff (a 503 is a retry, src/offline/sync-rules.ts) and it is stored once. /sys/ping and the
 * load balancer's /health and /ready are never shed.
 */
export default fp(async (app: App) => {
  const { apiPrefix, maxInFlight } = app.config;
  const api = `${apiPrefix}/`;
  // The checks of whoever watches the server: a busy server is still alive, and says itself (on /ready) when it is not ready.
  const checks = [`${apiPrefix}/sys/ping`, `${apiPrefix}/health`, `${apiPrefix}/ready`];
  const counted = (request: FastifyRequest) => request.url.startsWith(api) && !checks.some((check) => request.url.startsWith(check));
  let inFlight = 0;
  app.decorateRequest('shed', false);

  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request)) return;
    if (inFlight >= maxInFlight) {
      request.shed = true;
      reply.header('Retry-After', retryAfterSeconds());
      throw new HttpError(503, SERVER_BUSY_MESSAGE);
    }
    inFlight += 1;
    // 'close' comes once whether the answer was sent or the client went away first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
});
