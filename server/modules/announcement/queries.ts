import { and, asc, count, desc, eq, ilike, inArray, notInArray, or } from 'drizzle-orm';
import {
  toPriority,
  type AnnouncementAdminDetail,
  type AnnouncementListQuery,
  type AnnouncementRow,
  type AnnouncementUserOption,
  type SendStatus,
} from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../../db/schema.ts';
import { likePattern } from '../../lib/resource/search.ts';

export type AnnouncementRecord = typeof sysAnnouncement.$inferSelect;
/** The database or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const toSendStatus = (value: string): SendStatus => (value === '1' || value === '2' ? value : '0');

export function toAnnouncementRow(r: AnnouncementRecord): AnnouncementRow {
  return {
    id: r.id,
    titile: r.titile,
    msgAbstract: r.msgAbstract,
    sender: r.sender,
    priority: toPriority(r.priority),
    msgCategory: r.msgCategory,
    msgType: r.msgType,
    sendStatus: toSendStatus(r.sendStatus),
    sendTime: r.sendTime?.toISOString() ?? null,
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    userIds: r.userIds,
    createTime: r.createdAt.toISOString(),
  };
}

/** Columns the list may be sorted by, under the names the browser knows; the default is newest first. */
const SORTABLE = {
  createTime: sysAnnouncement.createdAt,
  sendTime: sysAnnouncement.sendTime,
  titile: sysAnnouncement.titile,
  priority: sysAnnouncement.priority,
} as const;

export async function listAnnouncements(db: Database, query: AnnouncementListQuery): Promise<PageResult<AnnouncementRow>> {
  const { pageNo, pageSize, column, order, titile, sendStatus, msgCategory, priority } = query;
  const where = and(
    eq(sysAnnouncement.delFlag, 0),
    titile?.trim() ? ilike(sysAnnouncement.titile, likePattern(titile.trim())) : undefined,
    sendStatus ? eq(sysAnnouncement.sendStatus, sendStatus) : undefined,
    msgCategory ? eq(sysAnnouncement.msgCategory, msgCategory) : undefined,
    priority ? eq(sysAnnouncement.priority, priority) : undefined,
  );
  const sortColumn = column && column in SORTABLE ? SORTABLE[column as keyof typeof SORTABLE] : sysAnnouncement.createdAt;
  const direction = column && column in SORTABLE && order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysAnnouncement)
      .where(where)
      .orderBy(direction(sortColumn), desc(sysAnnouncement.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(sysAnnouncement).where(where),
  ]);
  return { records: rows.map(toAnnouncementRow), total: total?.n ?? 0, current: pageNo, size: pageSize };
}

/** A live (not deleted) announcement, or undefined. */
export async function findAnnouncement(db: Queryable, id: string): Promise<AnnouncementRecord | undefined> {
  const [row] = await db
    .select()
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, 0)))
    .limit(1);
  return row;
}

const isActiveUser = and(eq(sysUser.status, 1), eq(sysUser.delFlag, 0));
const userOption = { id: sysUser.id, username: sysUser.username, realname: sysUser.realname };

/** Those of the ids that are active users (not frozen, not deleted). */
export async function activeUsers(db: Queryable, ids: string[]): Promise<AnnouncementUserOption[]> {
  if (ids.length === 0) return [];
  return db
    .select(userOption)
    .from(sysUser)
    .where(and(inArray(sysUser.id, ids), isActiveUser))
    .orderBy(asc(sysUser.username));
}

/** The recipient chooser: active users whose account or name contains the keyword. */
export async function searchUsers(db: Database, keyword: string, limit: number): Promise<AnnouncementUserOption[]> {
  const pattern = keyword ? likePattern(keyword) : null;
  return db
    .select(userOption)
    .from(sysUser)
    .where(and(isActiveUser, pattern ? or(ilike(sysUser.username, pattern), ilike(sysUser.realname, pattern)) : undefined))
    .orderBy(asc(sysUser.username))
    .limit(limit);
}

export async function adminDetail(db: Database, row: AnnouncementRecord, userIds: string[]): Promise<AnnouncementAdminDetail> {
  // Named even when frozen or deleted since, so the editor shows who it was meant for.
  const users =
    userIds.length === 0
      ? []
      : await db.select(userOption).from(sysUser).where(inArray(sysUser.id, userIds)).orderBy(asc(sysUser.username));
  return { ...toAnnouncementRow(row), msgContent: row.msgContent, users };
}

/**
 * The receipts of a USER announcement being published: one unread row for each recipient that has
 * none (read flags of a re-publication stay), and none for anyone no longer chosen, since a receipt
 * is what makes a USER announcement visible to its user.
 */
export async function addressTo(db: Queryable, anntId: string, userIds: string[]): Promise<void> {
  await db.delete(sysAnnouncementSend).where(and(eq(sysAnnouncementSend.anntId, anntId), notInArray(sysAnnouncementSend.userId, userIds)));
  await db
    .insert(sysAnnouncementSend)
    .values(userIds.map((userId) => ({ anntId, userId, readFlag: 0 })))
    .onConflictDoNothing({ target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId] });
}
