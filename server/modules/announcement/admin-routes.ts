import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  ANNOUNCEMENT_PERMISSIONS as CODES,
  announcementEditSchema,
  announcementSchema,
  announcementListQuerySchema,
  splitIds,
  userOptionsQuerySchema,
  type AnnouncementInput,
} from '@contract/announcement.ts';
import { idQuerySchema, idsQuerySchema } from '@contract/resource.ts';
import { sysAnnouncement } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { badRequest, notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { findUserById } from '../user/queries.ts';
import { activeUsers, addressTo, adminDetail, findAnnouncement, listAnnouncements, searchUsers, toAnnouncementRow, type Queryable } from './queries.ts';
import { isBlankHtml, sanitizeAnnouncementHtml } from './sanitize.ts';
import { announcementAdminDetailAnswer, announcementPageAnswer, announcementRowAnswer, userOptionsAnswer } from './schemas.ts';

const NOT_FOUND = '通告不存在';
const PUBLISHED_NO_EDIT = '已发布的通告不能修改，请先撤销';
const PUBLISHED_NO_DELETE = '已发布的通告不能删除，请先撤销';
const ALREADY_PUBLISHED = '该通告已发布';
const NOT_PUBLISHED = '该通告未发布，不能撤销';
const USER_MISSING = '指定的用户不存在';
/** Only these may be edited, deleted or published. */
const UNPUBLISHED = ['0', '2'];

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The columns to store from a valid form: sanitised HTML, normalised recipients, blanks as null. */
async function toColumns(db: Queryable, input: AnnouncementInput) {
  const msgContent = sanitizeAnnouncementHtml(input.msgContent);
  if (isBlankHtml(msgContent)) throw badRequest('请输入内容');
  let userIds: string | null = null;
  if (input.msgType === 'USER') {
    const ids = splitIds(input.userIds);
    if ((await activeUsers(db, ids)).length !== ids.length) throw badRequest(USER_MISSING);
    userIds = ids.join(',');
  }
  return {
    titile: input.titile.trim(),
    msgContent,
    msgAbstract: blankToNull(input.msgAbstract),
    priority: input.priority,
    msgCategory: input.msgCategory,
    msgType: input.msgType,
    userIds,
    openType: input.openType || null,
    openPage: input.openType ? blankToNull(input.openPage) : null,
    busId: blankToNull(input.busId),
  };
}

/** 系统通告 administration: the list, the editor, delete, publish and revoke, each behind its button's code. */
export default async function announcementAdminRoutes(app: App) {
  const { db } = app;
  const access = (permission: string) => ({ permission, scope: 'all' }) as const;

  /** Why a conditional write changed nothing: the announcement is gone (404) or in the wrong state (400). */
  const refuse = async (q: Queryable, id: string, wrongState: string) => ((await findAnnouncement(q, id)) ? badRequest(wrongState) : notFound(NOT_FOUND));

  app.get('/sys/annountCement/list', { config: { access: access(CODES.list) }, schema: { querystring: announcementListQuerySchema, response: { 200: announcementPageAnswer } } }, async (request) =>
    ok(await listAnnouncements(db, request.query)),
  );

  app.get('/sys/annountCement/adminQueryById', { config: { access: access(CODES.list) }, schema: { querystring: idQuerySchema, response: { 200: announcementAdminDetailAnswer } } }, async (request) => {
    const row = await findAnnouncement(db, request.query.id);
    if (!row) throw notFound(NOT_FOUND);
    return ok(await adminDetail(db, row, splitIds(row.userIds)));
  });

  app.get('/sys/annountCement/userOptions', { config: { access: access(CODES.add) }, schema: { querystring: userOptionsQuerySchema, response: { 200: userOptionsAnswer } } }, async (request) =>
    ok(await searchUsers(db, request.query.keyword?.trim() ?? '', request.query.pageSize)),
  );

  app.post('/sys/annountCement/add', { config: { access: access(CODES.add) }, schema: { body: announcementSchema, response: { 200: announcementRowAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const columns = await toColumns(db, request.body);
    const sender = (await findUserById(db, userId))?.realname ?? null;
    const [row] = await db
      .insert(sysAnnouncement)
      .values({ ...columns, sender, createdBy: userId, sendStatus: '0' })
      .returning();
    return ok(toAnnouncementRow(row!), '添加成功！');
  });

  app.put('/sys/annountCement/edit', { config: { access: access(CODES.edit) }, schema: { body: announcementEditSchema, response: { 200: announcementRowAnswer } } }, async (request) => {
    const { id, ...input } = request.body;
    const columns = await toColumns(db, input);
    // Conditional, so a publication that lands meanwhile is never edited.
    const [row] = await db
      .update(sysAnnouncement)
      .set(columns)
      .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, 0), inArray(sysAnnouncement.sendStatus, UNPUBLISHED)))
      .returning();
    if (!row) throw await refuse(db, id, PUBLISHED_NO_EDIT);
    return ok(toAnnouncementRow(row), '编辑成功！');
  });

  /** Soft delete, all or nothing; published ones must be revoked first. */
  const remove = (ids: string[]) =>
    db.transaction(async (tx) => {
      const found = await tx
        .select({ sendStatus: sysAnnouncement.sendStatus })
        .from(sysAnnouncement)
        .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.delFlag, 0)));
      if (found.length !== ids.length) throw notFound(NOT_FOUND);
      if (found.some((r) => r.sendStatus === '1')) throw badRequest(PUBLISHED_NO_DELETE);
      const removed = await tx
        .update(sysAnnouncement)
        .set({ delFlag: 1 })
        .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.delFlag, 0), ne(sysAnnouncement.sendStatus, '1')))
        .returning({ id: sysAnnouncement.id });
      if (removed.length !== ids.length) throw badRequest(PUBLISHED_NO_DELETE);
    });

  app.delete('/sys/annountCement/delete', { config: { access: access(CODES.remove) }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    await remove([request.query.id]);
    return ok(null, '删除成功!');
  });

  app.delete('/sys/annountCement/deleteBatch', { config: { access: access(CODES.remove) }, schema: { querystring: idsQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    const ids = splitIds(request.query.ids);
    if (ids.length === 0) throw badRequest('请选择要删除的数据');
    await remove(ids);
    return ok(null, '删除成功!');
  });

  app.get('/sys/annountCement/doReleaseData', { config: { access: access(CODES.release) }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    const { id } = request.query;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(sysAnnouncement)
        .set({ sendStatus: '1', sendTime: new Date() })
        .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, 0), inArray(sysAnnouncement.sendStatus, UNPUBLISHED)))
        .returning();
      if (!row) throw await refuse(tx, id, ALREADY_PUBLISHED);
      // ALL announcements reach everyone through their msg_type (the bell's query); receipts come when read.
      if (row.msgType !== 'USER') return;
      // Users frozen or deleted since the save are left out; with nobody left it stays unpublished.
      const recipients = await activeUsers(tx, splitIds(row.userIds));
      if (recipients.length === 0) throw badRequest(USER_MISSING);
      await addressTo(tx, row.id, recipients.map((u) => u.id));
    });
    return ok(null, '该系统通知发布成功');
  });

  app.get('/sys/annountCement/doReovkeData', { config: { access: access(CODES.release) }, schema: { querystring: idQuerySchema, response: { 200: doneAnswer } } }, async (request) => {
    const { id } = request.query;
    const [row] = await db
      .update(sysAnnouncement)
      .set({ sendStatus: '2' })
      .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, 0), eq(sysAnnouncement.sendStatus, '1')))
      .returning({ id: sysAnnouncement.id });
    if (!row) throw await refuse(db, id, NOT_PUBLISHED);
    return ok(null, '该系统通知撤销成功');
  });
}
