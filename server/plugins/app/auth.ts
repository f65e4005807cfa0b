import fp from 'fastify-plugin';
import { ACCESS_TOKEN_HEADER, TOKEN_INVALID_MESSAGE } from '@contract/envelope.ts';
import { INITIAL_PASSWORD_MESSAGE } from '@contract/session.ts';
import { HttpError, forbidden } from '../../lib/http.ts';
import { authenticate } from '../../modules/auth/auth-cache.ts';
import { actionAllowed } from '../../modules/permission/queries.ts';
import { rolesOf, type App } from '../../types.ts';

/**
 * Authentication and permission for the whole API: a route states its access in config.access,
 * and handlers never check it themselves. A route under the API prefix without one stops start-up.
 */
export default fp(async (app: App) => {
  const { apiPrefix, sessionIdleMinutes } = app.config;
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`) || route.method === 'HEAD') return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.public) return;
    const token = request.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
    const action = typeof access.permission === 'string' ? access.permission : undefined;
    const session = typeof token === 'string' && token ? await authenticate(app.db, app.authCache, token, sessionIdleMinutes, action) : null;
    if (!session) throw new HttpError(401, TOKEN_INVALID_MESSAGE);
    request.auth = session.auth;
    // An initial password is known to whoever made the account: nothing else is served until it is changed.
    if (session.auth.passwordChangeRequired && !access.beforePasswordChange) throw forbidden(INITIAL_PASSWORD_MESSAGE);
    if (session.allowed === false) throw forbidden();
  });

  // A code chosen by the body can only be known once the body is parsed; still before validation, so a
  // caller without the right learns nothing from validation messages.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.public || typeof access.permission !== 'function' || !request.auth) return;
    const code = access.permission(request.body, request.query);
    if (code && !(await actionAllowed(app.db, code, rolesOf(request.auth)))) throw forbidden();
  });
});
