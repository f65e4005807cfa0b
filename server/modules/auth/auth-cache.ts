import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { AuthContext } from '../../types.ts';
import { actionAllowed } from '../permission/queries.ts';
import { resolveSession, SESSION_TOUCH_MS, type ResolvedSession } from './sessions.ts';

/** The channel migration 0016's triggers NOTIFY on every change to what authenticating reads. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';
const MAX_SESSIONS = 20_000;
const SYNC_TIMEOUT_MS = 2000;

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
  private readonly syncs = new Map<string, () => void>();
  private readonly decisions = new Map<string, boolean>();
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
  }

  /** A message on the channel: a change, or one of this process's own sync marks. */
  message(payload: string): void {
    const synced = this.syncs.get(payload);
    if (synced) synced();
    else this.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this process: it sends a mark of
   * its own and waits for it, as NOTIFYs arrive in commit order. A request that wrote answers only
   * then, so its caller's next request never meets what the write replaced.
   */
  async sync(notify: (payload: string) => Promise<unknown>): Promise<void> {
    if (!this.listening) return;
    const mark = `sync:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // Not heard in time: let go of everything rather than answer from what may be stale.
        this.clear();
        resolve();
      }, SYNC_TIMEOUT_MS);
      this.syncs.set(mark, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await notify(mark);
      await arrived;
    } finally {
      this.syncs.delete(mark);
    }
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

  decision(roleId: string | null, action: string): boolean | undefined {
    return this.decisions.get(decisionKey(roleId, action));
  }

  storeDecision(stamp: number | null, roleId: string | null, action: string, allowed: boolean): void {
    if (stamp === this.generation && this.listening) this.decisions.set(decisionKey(roleId, action), allowed);
  }
}

const decisionKey = (roleId: string | null, action: string) => `${roleId ?? ''}\u0000${action}`;

/**
 * A cache listening on the database for as long as the app runs; resolves to it, the way to wait until
 * the changes committed so far have reached it (AuthCache.sync), and the way to stop.
 */
export async function listeningAuthCache(handle: DatabaseHandle): Promise<{ cache: AuthCache; sync: () => Promise<void>; stop: () => Promise<void> }> {
  const cache = new AuthCache();
  const stop = await handle.listen(AUTH_CHANGED_CHANNEL, { message: (payload) => cache.message(payload), ready: () => cache.ready(), lost: () => cache.lost() });
  const sync = () => cache.sync((mark) => handle.db.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, ${mark})`));
  return { cache, sync, stop };
}

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
    const known = cache.decision(auth.activeRoleId, action);
    if (known !== undefined) return { auth, allowed: known };
    const stamp = cache.stamp();
    const allowed = await actionAllowed(db, action, auth.activeRoleId);
    cache.storeDecision(stamp, auth.activeRoleId, action, allowed);
    return { auth, allowed };
  }
  const stamp = cache.stamp();
  const resolved = await resolveSession(db, token, idleMinutes, action);
  if (resolved) {
    cache.storeSession(stamp, tokenHash, resolved.auth, resolved.expiresAt, now);
    if (action && resolved.allowed !== null) cache.storeDecision(stamp, resolved.auth.activeRoleId, action, resolved.allowed);
  }
  return resolved;
}
