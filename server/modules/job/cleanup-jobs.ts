import { and, isNull, lt, or } from 'drizzle-orm';
import { sysLoginAttempt } from '../../db/schema.ts';
import { IDEMPOTENCY_KEEP_DAYS, purgeIdempotency } from '../../plugins/app/idempotency.ts';
import { purgeEndedRateLimits } from '../../plugins/app/rate-limit-store.ts';
import { purgeEndedSessions } from '../auth/sessions.ts';
import { registerJob } from './registry.ts';

/** The housekeeping the server has always done, as scheduled jobs (the school's clock, Quartz cron). */

const DAY_MS = 86_400_000;

registerJob({
  key: 'session-cleanup',
  name: '清理过期登录',
  description: '删除已超时或已退出超过1天的登录状态，正在使用的用户不受影响',
  cron: '0 0 * * * ?',
  run: async (db) => `已清理 ${await purgeEndedSessions(db)} 条过期登录`,
});

registerJob({
  key: 'idempotency-cleanup',
  name: '清理防重复提交记录',
  description: `删除超过${IDEMPOTENCY_KEEP_DAYS}天的防重复提交记录（离线提交的周记联网后自动补交，靠它们保证只保存一次）`,
  cron: '0 10 3 * * ?',
  run: async (db) => `已清理 ${await purgeIdempotency(db)} 条防重复提交记录`,
});

registerJob({
  key: 'login-attempt-cleanup',
  name: '清理登录失败记录',
  description: '删除已解除锁定、且1天内没有再输错密码的账号的登录失败记录',
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

registerJob({
  key: 'rate-limit-cleanup',
  name: '清理访问频率计数',
  description: '删除已过时段的登录、找回密码等接口的访问次数计数（限制同一地址短时间内的尝试次数，各服务进程共用）',
  cron: '0 40 * * * ?',
  run: async (db) => `已清理 ${await purgeEndedRateLimits(db)} 条访问频率计数`,
});
