import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sysRateLimit } from '../../db/schema.ts';

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
