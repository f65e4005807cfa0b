import { and, isNull, lt, or } from 'drizzle-orm';
import { sysLoginAttempt } from '../../db/schema.ts';
import { IDEMPOTENCY_KEEP_DAYS, purgeIdempotency } from '../../plugins/app/idempotency.ts';
import { purgeEndedSessions } from '../auth/sessions.ts';
import { registerJob } from './registry.ts';

/** The housekeeping the server has always done, as scheduled jobs (the school's clock, Quartz cron). */

const DAY_MS = 86_400_000;

registerJob({
  key: 'session-cleanup',
  name: '清理过期会话',
  description: '删除已过期或已退出超过1天的登录会话',
  cron: '0 0 * * * ?',
  run: async (db) => `已清理 ${await purgeEndedSessions(db)} 个过期会话`,
});

registerJob({
  key: 'idempotency-cleanup',
  name: '清理幂等记录',
  description: `删除超过${IDEMPOTENCY_KEEP_DAYS}天的重复提交防护记录（离线补交的请求在此期间不会重复执行）`,
  cron: '0 10 3 * * ?',
  run: async (db) => `已清理 ${await purgeIdempotency(db)} 条幂等记录`,
});

registerJob({
  key: 'login-attempt-cleanup',
  name: '清理登录失败记录',
  description: '删除锁定已结束且1天内没有新失败的登录失败记录',
  cron: '0 20 3 * * ?',
  run: async (db) => {
    const now = new Date();
    const removed = await db
      .delete(sysLoginAttempt)
      .where(
        and(
          or(isNull(sysLoginAttempt.lockedUntil), lt(sysLoginAttempt.lockedUntil, now)),
          lt(sysLoginAttempt.updatedAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .returning({ username: sysLoginAttempt.username });
    return `已清理 ${removed.length} 条登录失败记录`;
  },
});
