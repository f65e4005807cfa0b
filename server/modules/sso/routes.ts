import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import { SSO_MSG, SSO_URL, casValidateQuerySchema, oauthValidateQuerySchema, type CasLogoutResult, type UserTokenResult } from '@contract/sso.ts';
import { sysUser } from '../../db/schema.ts';
import { badRequest, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { writeLoginLog } from '../auth/log.ts';
import { revokeSession } from '../auth/sessions.ts';
import { ACCOUNT_FROZEN, signIn } from '../auth/sign-in.ts';
import { findUserById, findUserByUsername, rolesOf, userInfoOf, type UserRow } from '../user/queries.ts';
import { loginAnswer } from '../auth/schemas.ts';
import { fetchOAuthUser, validateServiceTicket, type SsoIdentity } from './providers.ts';
import { casLogoutAnswer, userTokenAnswer } from './schemas.ts';

/** A service URL compared as the CAS server compares it: without the query the ticket came back in, nor a fragment. */
const serviceOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/$/, '')}`;
  } catch {
    return null;
  }
};

/**
 * Single sign-on (SPEC.md section 7). The school's CAS server (CAS_PREFIX_URL) vouches for a ticket issued to this
 * system's service (CAS_SERVICE_URL); an OAuth provider's user-info endpoint (OAUTH_USERINFO_URL) vouches for a
 * token. Either way the person is found by their name there, or, with CAS_USER_ATTRIBUTE, by the 学号/工号 in that
 * attribute; nobody is created here (accounts come from the school's own imports).
 */
export default async function ssoRoutes(app: App) {
  const { db, config } = app;
  const { cas } = config;
  // Each validation makes a request to the provider: as rate-limited as a password login.
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };

  async function accountOf(identity: SsoIdentity): Promise<UserRow> {
    const attribute = cas.casUserAttribute;
    const key = attribute ? identity.attributes[attribute]?.trim() : identity.user.trim();
    if (!key) throw badRequest(SSO_MSG.noIdentifier(attribute));
    const user = attribute
      ? ((await db.select().from(sysUser).where(and(eq(sysUser.workNo, key), eq(sysUser.delFlag, 0))).limit(1))[0] ?? null)
      : await findUserByUsername(db, key);
    if (!user) throw badRequest(SSO_MSG.unknownUser(key.slice(0, 64)));
    if (user.status !== 1) throw badRequest(ACCOUNT_FROZEN);
    return user;
  }

  /** Refusals are written to the login log as failed logins are, under the provider's name of the person. */
  async function logIn(request: FastifyRequest, identify: () => Promise<SsoIdentity>) {
    let user: UserRow;
    try {
      user = await accountOf(await identify());
    } catch (error) {
      await writeLoginLog(db, request, '统一身份登录失败！', null);
      throw error;
    }
    return ok(await signIn(db, config, request, user), '登录成功');
  }

  app.get(
    SSO_URL.casValidate,
    { config: { access: { public: true }, rateLimit }, schema: { querystring: casValidateQuerySchema, response: { 200: loginAnswer } } },
    async (request) => {
      if (cas.enableCas !== '1') throw badRequest(SSO_MSG.disabled);
      const { ticket, service } = request.query;
      // A ticket issued to another CAS-protected system must not open a session here, even though the CAS server
      // would vouch for it when asked about that system.
      const ours = serviceOf(cas.casServiceUrl);
      if (!ours || serviceOf(service) !== ours) throw badRequest(SSO_MSG.otherService);
      // Asked about the configured service, which the app's login sent the browser to the CAS server with (an old
      // client may send it back with the ticket's query still on it).
      return logIn(request, () => validateServiceTicket(cas.casPrefixUrl, ticket, cas.casServiceUrl));
    },
  );

  app.get(
    SSO_URL.oauthValidate,
    { config: { access: { public: true }, rateLimit }, schema: { querystring: oauthValidateQuerySchema, response: { 200: loginAnswer } } },
    async (request) => {
      if (!cas.oauthUserInfoUrl) throw badRequest(SSO_MSG.disabled);
      return logIn(request, () => fetchOAuthUser(cas.oauthUserInfoUrl, request.query.token));
    },
  );

  /** Ends this session; the browser then visits the CAS server's logout, which ends the provider's. */
  app.get(SSO_URL.logout, { config: { access: { permission: null, scope: 'self', beforePasswordChange: true } }, schema: { response: { 200: casLogoutAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    await revokeSession(db, auth.sessionId);
    await writeLoginLog(db, request, `用户名: ${auth.username},退出成功！`, { id: auth.userId, username: auth.username });
    const result: CasLogoutResult = {
      casLogoutUrl:
        cas.enableCas === '1' ? `${cas.casPrefixUrl.replace(/\/$/, '')}/logout?service=${encodeURIComponent(cas.casServiceUrl)}` : null,
    };
    return ok(result, '退出登录成功！');
  });

  /** The session the request's token opened (JeecgBoot's call for a page opened with a token from another system). */
  app.get(SSO_URL.userToken, { config: { access: { permission: null, scope: 'self', beforePasswordChange: true } }, schema: { response: { 200: userTokenAnswer } } }, async (request) => {
    const auth = requireAuth(request.auth);
    const [user, roles] = await Promise.all([findUserById(db, auth.userId), rolesOf(db, auth.userId)]);
    const result: UserTokenResult = { token: String(request.headers[ACCESS_TOKEN_HEADER.toLowerCase()]), userInfo: await userInfoOf(db, user!), roles };
    return ok(result);
  });
}
