import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sysRateLimit } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';

export const RATE_LIMITED = '操作过于频繁，请稍后再试';

type Hits = { current: number; ttl: number };
type Callback = (error: Error | null, hits?: Hits) => void;
/** The plugin hands a route's own store the route as routeInfo, which its typings leave out. */
type RouteInfo = { routeInfo?: { method?: unknown; url?: unknown } };

/** One hit in a fixed window: a new window once the last has ended. One statement, so concurrent hits all count. */
async function hit(db: Database, key: string, timeWindowMs: number): Promise<Hits> {
  const ended = sql`${sysRateLimit.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(sysRateLimit)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${timeWindowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: sysRateLimit.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${sysRateLimit.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${sysRateLimit.windowEndsAt} end`,
      },
    })
    .returning({ hits: sysRateLimit.hits, ttl: sql<number>`greatest(0, ceil(extract(epoch from ${sysRateLimit.windowEndsAt} - now()) * 1000))::int` });
  return { current: row!.hits, ttl: Number(row!.ttl) };
}

/**
 * @fastify/rate-limit's counters in the database instead of one process's memory, so that the limit on
 * the login and account routes holds across all API processes behind a load balancer. Each route counts
 * apart, as with the plugin's own store.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      hit(db, `${this.prefix}${key}`, timeWindowMs).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      const route = (routeOptions as RouteInfo).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method ?? '')} ${String(route?.url ?? '')} `);
    }
  };
}

/**
 * A limit counted by what a request names (an account, a phone) rather than by its address, beside a
 * route's own per-address limit and in the same table, so it too holds across processes. Returns a
 * preHandler: it counts one hit for each key `keysOf` gives (after validation; none counts nothing) and
 * refuses with 429 once a key has had more than `max` in its window.
 */
export function keyedRateLimit(
  db: Database,
  { name, max, timeWindowMs, keysOf }: { name: string; max: number; timeWindowMs: number; keysOf: (request: FastifyRequest) => readonly (string | null | undefined)[] },
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const keys = keysOf(request).filter((key): key is string => Boolean(key));
    const hits = await Promise.all(keys.map((key) => hit(db, `${name}:${key}`, timeWindowMs)));
    const over = hits.filter((h) => h.current > max);
    if (over.length === 0) return;
    reply.header('retry-after', Math.ceil(Math.max(...over.map((h) => h.ttl)) / 1000));
    throw new HttpError(429, RATE_LIMITED);
  };
}

/**
 * Whether a value is someone else's (a phone, an e-mail, an account name) answered to an account: one budget per
 * account a minute, however it asks (/sys/duplicate/check as a form is typed, or a profile save refused as taken),
 * so that the answers cannot be used to find out who has an account.
 */
export function takenValueCheckLimit(db: Database, max: number, asks: (request: FastifyRequest) => boolean = () => true) {
  return keyedRateLimit(db, { name: 'duplicate-check', max, timeWindowMs: 60_000, keysOf: (request) => (asks(request) ? [request.auth?.userId] : []) });
}

/** Forgets the windows that have ended (the cleanup job). */
export async function purgeEndedRateLimits(db: Database): Promise<number> {
  const removed = await db.delete(sysRateLimit).where(sql`${sysRateLimit.windowEndsAt} < now()`).returning({ key: sysRateLimit.key });
  return removed.length;
}

/**
 * The key held by one holder at a time, in the same table, so that it holds across API processes: the release, or
 * null while another holds it. A holder that died without releasing (a process killed) lets go after holdMs.
 */
export async function holdKey(db: Database, key: string, holdMs: number): Promise<(() => Promise<void>) | null> {
  const [row] = await db
    .insert(sysRateLimit)
    // To the millisecond, so that the release finds the row by the time a JavaScript Date holds.
    .values({ key, hits: 1, windowEndsAt: sql`date_trunc('milliseconds', now() + ${holdMs} * interval '1 millisecond')` })
    .onConflictDoUpdate({ target: sysRateLimit.key, set: { hits: 1, windowEndsAt: sql`excluded.window_ends_at` }, setWhere: sql`${sysRateLimit.windowEndsAt} <= now()` })
    .returning({ endsAt: sysRateLimit.windowEndsAt });
  if (!row) return null;
  // Only this holder's row: one that outlived holdMs may already be another's.
  return async () => {
    await db.delete(sysRateLimit).where(and(eq(sysRateLimit.key, key), eq(sysRateLimit.windowEndsAt, row.endsAt)));
  };
}
