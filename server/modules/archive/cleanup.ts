import { and, inArray, lt } from 'drizzle-orm';
import { ARCHIVE_KEEP_HOURS, ARCHIVE_MSG, ARCHIVE_STALE_MINUTES } from '@contract/archive.ts';
import type { Database } from '../../db/database.ts';
import { documentArchive } from '../../db/schema.ts';
import { registerJob } from '../job/registry.ts';

/**
 * Archives are made to be downloaded soon: a day after it was finished one is forgotten (its row deleted; each
 * process removes the zips of forgotten archives from DATA_DIR/archives before it makes another, and at start),
 * and one unfinished an hour after it was asked for was cut off by a stopped process.
 */
export async function cleanUpArchives(db: Database, now = new Date()): Promise<{ removed: number; interrupted: number }> {
  const removed = await db
    .delete(documentArchive)
    .where(lt(documentArchive.finishedAt, new Date(now.getTime() - ARCHIVE_KEEP_HOURS * 3_600_000)))
    .returning({ id: documentArchive.id });
  const interrupted = await db
    .update(documentArchive)
    .set({ status: 'failed', error: ARCHIVE_MSG.interrupted, finishedAt: now })
    .where(and(inArray(documentArchive.status, ['queued', 'running']), lt(documentArchive.createdAt, new Date(now.getTime() - ARCHIVE_STALE_MINUTES * 60_000))))
    .returning({ id: documentArchive.id });
  return { removed: removed.length, interrupted: interrupted.length };
}

registerJob({
  key: 'archive-cleanup',
  name: '清理学生档案',
  description: `删除生成超过${ARCHIVE_KEEP_HOURS}小时的学生档案压缩包；超过${ARCHIVE_STALE_MINUTES}分钟仍未生成完的档案（服务重启所致）标记为失败`,
  cron: '0 50 * * * ?',
  run: async (db) => {
    const { removed, interrupted } = await cleanUpArchives(db);
    return `已清理 ${removed} 份学生档案${interrupted ? `，${interrupted} 份中断的档案已标记失败` : ''}`;
  },
});
