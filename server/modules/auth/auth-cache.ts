import type { Database } from '../../db/database.ts';
import { sha256 } from '../../lib/crypto.ts';
import { TABLE_CHANGED_PREFIX } from '../../lib/read-cache.ts';
import { rolesOf, type AuthContext } from '../../types.ts';
import type { Viewer } from '../relation/model.ts';
import { actionAllowed } from '../permission/queries.ts';
import { resolveSession, SESSION_TOUCH_MS, type ResolvedSession } from './sessions.ts';

const MAX_SESSIONS = 20_000;

interface CachedSession {
  auth: AuthContext;
  expiresAt: number;
  /** Read again from the database after SESSION_TOUCH_MS, which also slides its idle expiry. */
  readAt: number;
}

/**
 * What authenticating a request reads (a token's session and account, a role's decision on an action),
 * kept in memory, so a request of a steady session sends no query before its own work.
 *
 * It holds only what the database still says: triggers NOTIFY every process of each change to sessions'
 * revocation, accounts, roles' scope, grants and rules, and each empties its cache on the message. What
 * a request read before a change is not stored after it (the generation), and while the listening
 * connection is down nothing is served from memory.
 */
export class AuthCache {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly decisions = new Map<string, boolean>();
  private readonly viewers = new Map<string, Viewer>();
  private generation = 0;
  private listening = false;

  /** Messages arrive from here on: the cache may serve. */
  ready(): void {
    this.clear();
    this.listening = true;
  }

  /** Messages may be missed: serve nothing until ready again. */
  lost(): void {
    this.listening = false;
    this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.sessions.clear();
    this.decisions.clear();
    this.viewers.clear();
  }

  /**
   * A message on the change channel: migration 0016's triggers name what authenticating reads; of the other
   * tables' changes, those the relation roles are read from (RELATION_TABLES) concern it too.
   */
  message(payload: string): void {
    if (!payload.startsWith(TABLE_CHANGED_PREFIX) || RELATION_TABLES.has(payload.slice(TABLE_CHANGED_PREFIX.length))) this.clear();
  }

  /** Taken before reading the database; what was read is stored only if nothing changed meanwhile. */
  stamp(): number | null {
    return this.listening ? this.generation : null;
  }

  session(tokenHash: string, now: number): AuthContext | null {
    const cached = this.sessions.get(tokenHash);
    if (!cached) return null;
    if (cached.expiresAt <= now || now - cached.readAt >= SESSION_TOUCH_MS) {
      this.sessions.delete(tokenHash);
      return null;
    }
    return cached.auth;
  }

  storeSession(stamp: number | null, tokenHash: string, auth: AuthContext, expiresAt: Date, now: number): void {
    if (stamp !== this.generation || !this.listening) return;
    // Oldest first: a Map keeps insertion order.
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(tokenHash, { auth, expiresAt: expiresAt.getTime(), readAt: now });
  }

  decision(roles: readonly (string | null)[], action: string): boolean | undefined {
    return this.decisions.get(decisionKey(roles, action));
  }

  storeDecision(stamp: number | null, roles: readonly (string | null)[], action: string, allowed: boolean): void {
    if (stamp === this.generation && this.listening) this.decisions.set(decisionKey(roles, action), allowed);
  }

  /** The session's viewer for the relation model (server/modules/relation/model.ts). */
  viewer(sessionId: string): Viewer | undefined {
    return this.viewers.get(sessionId);
  }

  storeViewer(stamp: number | null, sessionId: string, viewer: Viewer): void {
    if (stamp !== this.generation || !this.listening) return;
    if (this.viewers.size >= MAX_SESSIONS) this.viewers.delete(this.viewers.keys().next().value!);
    this.viewers.set(sessionId, viewer);
  }
}

/** The tables the relation roles of a session are read from (server/modules/auth/sessions.ts). */
const RELATION_TABLES = new Set(['internship_enrolment', 'basic_class', 'basic_teacher']);

const decisionKey = (roles: readonly (string | null)[], action: string) => `${roles.map((r) => r ?? '').join(',')}\u0000${action}`;

/**
 * The session of a token and, with an action, whether its role may take it: from memory when the cache
 * holds them, else from the database (one query for both), stored for the next request.
 */
export async function authenticate(db: Database, cache: AuthCache, token: string, idleMinutes: number, action?: string): Promise<Pick<ResolvedSession, 'auth' | 'allowed'> | null> {
  const now = Date.now();
  const tokenHash = sha256(token);
  const auth = cache.session(tokenHash, now);
  if (auth) {
    if (!action) return { auth, allowed: null };
    const known = cache.decision(rolesOf(auth), action);
    if (known !== undefined) return { auth, allowed: known };
    const stamp = cache.stamp();
    const allowed = await actionAllowed(db, action, rolesOf(auth));
    cache.storeDecision(stamp, rolesOf(auth), action, allowed);
    return { auth, allowed };
  }
  const stamp = cache.stamp();
  const resolved = await resolveSession(db, token, idleMinutes, action);
  if (resolved) {
    cache.storeSession(stamp, tokenHash, resolved.auth, resolved.expiresAt, now);
    if (action && resolved.allowed !== null) cache.storeDecision(stamp, rolesOf(resolved.auth), action, resolved.allowed);
  }
  return resolved;
}
