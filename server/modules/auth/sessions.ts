import { and, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { basicClass, basicTeacher, internshipEnrolment, sysRole, sysSession, sysUser } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { AuthContext } from '../../types.ts';
import { actionRulesColumn, allowedBy, type ActionRuleRow } from '../permission/queries.ts';

/**
 * The relation roles (sys_role.relation, migration 0033) the user holds now: adviser or mentor of a placement
 * that is not terminated, 班主任 of a class. Read with the session, so pages and actions follow relations.
 */
const relationRoleIds = (userId: SQL): SQL<string[]> => sql<string[]>`coalesce((select array_agg(r.id order by r.id) from ${sysRole} r where
  (r.relation = 'adviser' and exists (select 1 from ${internshipEnrolment} e where e.adviser_user_id = ${userId} and e.status <> 'terminated'))
  or (r.relation = 'mentor' and exists (select 1 from ${internshipEnrolment} e where e.mentor_user_id = ${userId} and e.status <> 'terminated'))
  or (r.relation = 'headTeacher' and exists (select 1 from ${basicClass} c inner join ${basicTeacher} t on t.id = c.head_teacher_id where t.user_id = ${userId}))), '{}')`;

/** A live session's idle expiry moves forward at most this often (a write per session a minute). */
export const SESSION_TOUCH_MS = 60_000;

export async function createSession(
  db: Database,
  input: { userId: string; activeRoleId: string | null; ip: string; userAgent: string | undefined; idleMinutes: number },
): Promise<string> {
  const token = newToken();
  await db.insert(sysSession).values({
    tokenHash: sha256(token),
    userId: input.userId,
    activeRoleId: input.activeRoleId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + input.idleMinutes * 60_000),
  });
  return token;
}

export interface ResolvedSession {
  auth: AuthContext;
  /** Whether the active role or a relation role held may take the action asked about; null when none was asked. */
  allowed: boolean | null;
  expiresAt: Date;
}

/**
 * The live session of a token, sliding its idle expiry forward; null when missing, expired or revoked.
 * With an action code, the same query reads the rules that decide it: session, account, role and
 * permission are one round trip, which is most of what an authenticated request costs.
 */
export async function resolveSession(db: Database, token: string, idleMinutes: number, action?: string): Promise<ResolvedSession | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sysSession.id,
      userId: sysSession.userId,
      activeRoleId: sysSession.activeRoleId,
      lastSeenAt: sysSession.lastSeenAt,
      expiresAt: sysSession.expiresAt,
      username: sysUser.username,
      passwordChangeRequired: sysUser.passwordChangeRequired,
      dataScope: sysRole.dataScope,
      relationRoleIds: relationRoleIds(sql`${sysSession.userId}`),
      rules: action
        ? actionRulesColumn(action, sql`array_append(${relationRoleIds(sql`${sysSession.userId}`)}, ${sysSession.activeRoleId})`)
        : sql<ActionRuleRow[]>`null`,
    })
    .from(sysSession)
    .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
    .leftJoin(sysRole, eq(sysRole.id, sysSession.activeRoleId))
    .where(
      and(
        eq(sysSession.tokenHash, sha256(token)),
        isNull(sysSession.revokedAt),
        gt(sysSession.expiresAt, now),
        eq(sysUser.status, 1),
        eq(sysUser.delFlag, 0),
      ),
    )
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    expiresAt = new Date(now.getTime() + idleMinutes * 60_000);
    await db.update(sysSession).set({ lastSeenAt: now, expiresAt }).where(eq(sysSession.id, row.sessionId));
  }
  const auth: AuthContext = {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    activeRoleId: row.activeRoleId,
    relationRoleIds: row.relationRoleIds,
    departScoped: row.dataScope === 'depart',
    passwordChangeRequired: row.passwordChangeRequired,
  };
  return { auth, allowed: action ? allowedBy(action, row.rules ?? []) : null, expiresAt };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sysSession).set({ revokedAt: new Date() }).where(eq(sysSession.id, sessionId));
}

/** After a password change every other session of the user ends. */
export async function revokeOtherSessions(db: Database, userId: string, keepSessionId: string | null): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), keepSessionId ? ne(sysSession.id, keepSessionId) : undefined));
}

/** Removes sessions that ended more than a day ago (the scheduled job session-cleanup); answers how many. */
export async function purgeEndedSessions(db: Database): Promise<number> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const removed = await db
    .delete(sysSession)
    .where(or(lt(sysSession.expiresAt, dayAgo), lt(sysSession.revokedAt, dayAgo)))
    .returning({ id: sysSession.id });
  return removed.length;
}
