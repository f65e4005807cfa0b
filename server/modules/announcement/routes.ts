import { and, desc, eq, not, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { markReadSchema, toPriority, type AnnouncementDetail, type MyAnnouncement } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import type { AnnouncementItem, AnnouncementLists } from '@contract/session.ts';
import type { Database } from '../../db/database.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../db/schema.ts';
import { notFound, ok } from '../../lib/http.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { requireAuth, type App } from '../../types.ts';
import announcementAdminRoutes from './admin-routes.ts';
import { announcementDetailAnswer, announcementListsAnswer, myAnnouncementPageAnswer } from './schemas.ts';

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

const readBy = (userId: string) =>
  sql`exists (select 1 from ${sysAnnouncementSend} where ${sysAnnouncementSend.anntId} = ${sysAnnouncement.id} and ${sysAnnouncementSend.userId} = ${userId} and ${sysAnnouncementSend.readFlag} = 1)`;
const unreadBy = (userId: string) => not(readBy(userId));

/** getMyAnnouncementSend: pageNo from 1; readFlag '0' unread, '1' read, left out (or empty) both. */
const myAnnouncementQuery = z.object({
  pageNo: z.coerce.number({ error: '页码有误' }).int({ error: '页码有误' }).min(1, { error: '页码有误' }).default(1),
  pageSize: z.coerce
    .number({ error: '每页条数应为1到100' })
    .int({ error: '每页条数应为1到100' })
    .min(1, { error: '每页条数应为1到100' })
    .max(100, { error: '每页条数应为1到100' })
    .default(10),
  readFlag: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1'], { error: '已读标记应为0或1' }).optional()),
  _t: z.coerce.number().optional(),
});

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
    priority: toPriority(r.priority),
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    msgTxt: r.msgAbstract,
    msgId: r.id,
  }));
  return { list, total: count?.n ?? 0 };
}

/** The announcement if this user may see it; otherwise the same 404 whether it exists or not. */
async function visibleAnnouncement(db: Database, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, id), visibleTo(userId)))
    .limit(1);
  if (!row) throw notFound('通知不存在或已撤销');
  return row;
}

export default async function announcementRoutes(app: App) {
  const { db } = app;
  const own = { permission: null, scope: 'self' } as const;

  app.get('/sys/annountCement/listByUser', { config: { access: own }, schema: { response: { 200: announcementListsAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const [annt, sys] = await Promise.all([unreadOfCategory(db, userId, '1'), unreadOfCategory(db, userId, '2')]);
    const result: AnnouncementLists = { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
    return ok(result);
  });

  app.put(
    '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    { config: { access: own }, schema: { body: markReadSchema, response: { 200: doneAnswer } } },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const annt = await visibleAnnouncement(db, request.body.anntId, userId);
      await db
        .insert(sysAnnouncementSend)
        .values({ anntId: annt.id, userId, readFlag: 1, readTime: new Date() })
        .onConflictDoUpdate({ target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId], set: { readFlag: 1, readTime: new Date() } });
      return ok(null, '已读');
    },
  );

  app.get(
    '/sys/annountCement/queryById',
    { config: { access: own }, schema: { querystring: z.object({ id: z.string().min(1).max(64), _t: z.coerce.number().optional() }), response: { 200: announcementDetailAnswer } } },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const row = await visibleAnnouncement(db, request.query.id, userId);
      const result: AnnouncementDetail = {
        id: row.id,
        titile: row.titile,
        sender: row.sender,
        sendTime: (row.sendTime ?? row.createdAt).toISOString(),
        msgContent: row.msgContent,
        priority: toPriority(row.priority),
        openType: row.openType,
        openPage: row.openPage,
        busId: row.busId,
      };
      return ok(result);
    },
  );

  app.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { config: { access: own }, schema: { querystring: myAnnouncementQuery, response: { 200: myAnnouncementPageAnswer } } },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { pageNo, pageSize, readFlag } = request.query;
      const where = and(visibleTo(userId), readFlag === '1' ? readBy(userId) : readFlag === '0' ? unreadBy(userId) : undefined);
      const [rows, [count]] = await Promise.all([
        db
          .select({ annt: sysAnnouncement, read: sql<boolean>`${readBy(userId)}` })
          .from(sysAnnouncement)
          .where(where)
          .orderBy(desc(sql`coalesce(${sysAnnouncement.sendTime}, ${sysAnnouncement.createdAt})`), desc(sysAnnouncement.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(sysAnnouncement).where(where),
      ]);
      const records: MyAnnouncement[] = rows.map(({ annt, read }) => ({
        id: annt.id,
        anntId: annt.id,
        titile: annt.titile,
        sender: annt.sender,
        sendTime: (annt.sendTime ?? annt.createdAt).toISOString(),
        priority: toPriority(annt.priority),
        msgCategory: annt.msgCategory,
        msgAbstract: annt.msgAbstract,
        openType: annt.openType,
        openPage: annt.openPage,
        busId: annt.busId,
        readFlag: read ? '1' : '0',
      }));
      const result: PageResult<MyAnnouncement> = { records, total: count?.n ?? 0, current: pageNo, size: pageSize };
      return ok(result);
    },
  );

  await announcementAdminRoutes(app);
}
