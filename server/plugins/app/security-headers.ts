import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../../types.ts';

/**
 * Helmet's headers (CSP and the rest) on every answer. The middleware is built once: @fastify/helmet
 * built it again at each request, parsing and checking the CSP each time, a fifth of the server's
 * work while a phone loaded its home.
 *
 * Strict-Transport-Security only on an answer sent over HTTPS (the connection's own TLS, or a trusted
 * proxy's X-Forwarded-Proto, config.trustProxy): over plain HTTP it means nothing (RFC 6797 has browsers
 * ignore it) and only tells a scanner the server does not know how it is reached.
 */
export default fp<{ options: HelmetOptions }>(async (app: App, { options }) => {
  const setHeaders = helmet(options);
  // Helmet 8.1 throws its errors rather than passing them on, so the callback only says it is done.
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => {
      if (request.protocol !== 'https') reply.raw.removeHeader('strict-transport-security');
      done();
    }),
  );
});
