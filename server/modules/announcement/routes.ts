import { and, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnnouncementItem, AnnouncementLists } from '@contract/session.ts';
import type { Database } from '../../db/database.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../db/schema.ts';
import { notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';

const LIST_SIZE = 10;

/** Published, not deleted, and addressed to everyone or to this user. */
const visibleTo = (userId: string) =>
  and(
    eq(sysAnnouncement.sendStatus, '1'),
    eq(sysAnnouncement.delFlag, 0),
    or(
      eq(sysAnnouncement.msgType, 'ALL'),
      sql`exists (select 1 from ${sysAnnouncementSend} where ${sysAnnouncementSend.anntId} = ${sysAnnouncement.id} and ${sysAnnouncementSend.userId} = ${userId})`,
    ),
  );

const unreadBy = (userId: string) =>
  sql`not exists (select 1 from ${sysAnnouncementSend} where ${sysAnnouncementSend.anntId} = ${sysAnnouncement.id} and ${sysAnnouncementSend.userId} = ${userId} and ${sysAnnouncementSend.readFlag} = 1)`;

async function unreadOfCategory(db: Database, userId: string, category: '1' | '2'): Promise<{ list: AnnouncementItem[]; total: number }> {
  const where = and(visibleTo(userId), unreadBy(userId), eq(sysAnnouncement.msgCategory, category));
  const [rows, [count]] = await Promise.all([
    db.select().from(sysAnnouncement).where(where).orderBy(desc(sysAnnouncement.sendTime)).limit(LIST_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(sysAnnouncement).where(where),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    titile: r.titile,
    createTime: (r.sendTime ?? r.createdAt).toISOString(),
    priority: (['L', 'M', 'H'].includes(r.priority) ? r.priority : 'L') as AnnouncementItem['priority'],
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    msgTxt: r.msgAbstract,
    msgId: r.id,
  }));
  return { list, total: count?.n ?? 0 };
}

export default async function announcementRoutes(app: App) {
  const { db } = app;
  const own = { permission: null, scope: 'self' } as const;

  app.get('/sys/annountCement/listByUser', { config: { access: own } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const [annt, sys] = await Promise.all([unreadOfCategory(db, userId, '1'), unreadOfCategory(db, userId, '2')]);
    const result: AnnouncementLists = { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
    return ok(result);
  });

  app.put(
    '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    { config: { access: own }, schema: { body: z.object({ anntId: z.string().min(1) }) } },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const [annt] = await db
        .select({ id: sysAnnouncement.id })
        .from(sysAnnouncement)
        .where(and(eq(sysAnnouncement.id, request.body.anntId), visibleTo(userId)))
        .limit(1);
      if (!annt) throw notFound('通知不存在或已撤销');
      await db
        .insert(sysAnnouncementSend)
        .values({ anntId: annt.id, userId, readFlag: 1, readTime: new Date() })
        .onConflictDoUpdate({ target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId], set: { readFlag: 1, readTime: new Date() } });
      return ok(null, '已读');
    },
  );
}
