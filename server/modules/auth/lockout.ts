import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sysLoginAttempt } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';

/** Attempts count per typed name, existing or not, so a lock says nothing about which accounts exist. */
const keyOf = (username: string) => username.trim().toLowerCase();

export async function assertNotLocked(db: Database, username: string, lockMinutes: number): Promise<void> {
  const [row] = await db.select().from(sysLoginAttempt).where(eq(sysLoginAttempt.username, keyOf(username)));
  if (row?.lockedUntil && row.lockedUntil > new Date()) {
    throw new HttpError(423, `登录失败次数过多，账号已锁定${lockMinutes}分钟，请稍后再试`);
  }
}

export async function recordFailure(db: Database, username: string, threshold: number, lockMinutes: number): Promise<void> {
  const [row] = await db
    .insert(sysLoginAttempt)
    .values({ username: keyOf(username), failedCount: 1 })
    .onConflictDoUpdate({ target: sysLoginAttempt.username, set: { failedCount: sql`${sysLoginAttempt.failedCount} + 1`, updatedAt: new Date() } })
    .returning();
  if (row && row.failedCount >= threshold) {
    await db
      .update(sysLoginAttempt)
      .set({ failedCount: 0, lockedUntil: new Date(Date.now() + lockMinutes * 60_000) })
      .where(eq(sysLoginAttempt.username, row.username));
  }
}

export async function clearFailures(db: Database, username: string): Promise<void> {
  await db.delete(sysLoginAttempt).where(eq(sysLoginAttempt.username, keyOf(username)));
}
