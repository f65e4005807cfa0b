import * as z from 'zod/mini';
import type { RoleOption, UserInfo } from './session.ts';

/**
 * Single sign-on (SPEC.md section 7, issue 37): the browser comes back from the school's CAS server with a
 * service ticket, or from an OAuth provider with an access token, and trades it here for a session answered
 * as /sys/login answers.
 */
export const SSO_URL = {
  casValidate: '/cas/client/validateLogin',
  oauthValidate: '/cas/client2/validateLogin',
  logout: '/sys/user/caslogout',
  userToken: '/sys/user/getusertoken',
} as const;

export const SSO_MSG = {
  disabled: '本系统未启用统一身份认证',
  ticketRequired: '缺少统一身份认证票据',
  tokenRequired: '缺少统一身份认证令牌',
  ticketInvalid: '统一身份认证票据无效或已使用，请重新登录',
  otherService: '统一身份认证票据不是签发给本系统的，请重新登录',
  tokenInvalid: '统一身份认证令牌无效或已过期，请重新登录',
  unreachable: '统一身份认证服务器无法访问，请稍后再试',
  badAnswer: '统一身份认证服务器的应答无法识别，请联系管理员',
  noIdentifier: (attribute: string) => `统一身份认证未提供${attribute}，无法确定本系统账号，请联系管理员`,
  unknownUser: (name: string) => `统一身份认证账号“${name}”在本系统中没有对应的用户，请联系管理员`,
} as const;

/** The old client's ticket call, with its _t timestamp (SPEC.md section 7). */
export const casValidateQuerySchema = z.object({
  ticket: z.string({ error: SSO_MSG.ticketRequired }).check(z.minLength(1, SSO_MSG.ticketRequired), z.maxLength(512, SSO_MSG.ticketInvalid)),
  service: z.string({ error: SSO_MSG.otherService }).check(z.minLength(1, SSO_MSG.otherService), z.maxLength(2048, SSO_MSG.otherService)),
  dljk: z.optional(z.string().check(z.maxLength(64))),
  _t: z.optional(z.string()),
});

/** The OAuth variant: {token, dljk}; dljk (登录接口) names the entry the old client came through. */
export const oauthValidateQuerySchema = z.object({
  token: z.string({ error: SSO_MSG.tokenRequired }).check(z.minLength(1, SSO_MSG.tokenRequired), z.maxLength(4096, SSO_MSG.tokenInvalid)),
  dljk: z.optional(z.string().check(z.maxLength(64))),
  _t: z.optional(z.string()),
});

/** GET /sys/user/caslogout: where the browser goes next to end the provider's session too (null without CAS). */
export interface CasLogoutResult {
  casLogoutUrl: string | null;
}

/** GET /sys/user/getusertoken: the current session, as a page opened with a token (from another system) asks for it. */
export interface UserTokenResult {
  token: string;
  userInfo: UserInfo;
  roles: RoleOption[];
}
