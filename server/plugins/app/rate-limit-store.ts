import { sql } from 'drizzle-orm';
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
