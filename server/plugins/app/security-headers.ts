import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../../types.ts';

/**
 * Helmet's headers (CSP and the rest) on every answer. The middleware is built once: @fastify/helmet
 * built it again at each request, parsing and checking the CSP each time, a fifth of the server's
 * work while a phone loaded its home.
 */
export default fp<{ options: HelmetOptions }>(async (app: App, { options }) => {
  const setHeaders = helmet(options);
  // Helmet 8.1 throws its errors rather than passing them on, so the callback only says it is done.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
});
