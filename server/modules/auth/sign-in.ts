import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '@contract/session.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { departsOf, rolesOf, userInfoOf, type UserRow } from '../user/queries.ts';
import { writeLoginLog } from './log.ts';
import { createSession } from './sessions.ts';

export const ACCOUNT_FROZEN = '该账号已冻结或尚未通过审核，请联系管理员';

/**
 * Opens a session for an account whose proof (password, SMS code) has been checked, logs the login and
 * answers what SPEC's login calls answer. Every way of logging in ends here, so they answer alike.
 */
export async function signIn(db: Database, config: ServerConfig, request: FastifyRequest, user: UserRow): Promise<LoginResult> {
  const [roles, departs] = await Promise.all([rolesOf(db, user.id), departsOf(db, user.id)]);
  const token = await createSession(db, {
    userId: user.id,
    activeRoleId: roles[0]?.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    idleMinutes: config.sessionIdleMinutes,
  });
  await writeLoginLog(db, request, `用户名: ${user.username},登录成功！`, user);
  return {
    token,
    userInfo: await userInfoOf(db, user),
    sysroles: roles,
    multi_sysrole: roles.length > 1,
    departs,
    multi_depart: departs.length > 1,
  };
}
