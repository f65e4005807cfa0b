import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { sysAnnouncement, sysAnnouncementSend } from '../../db/schema.ts';
import type { Queryable } from './queries.ts';
import { sendSystemMessage, systemMessageBody } from './system-message.ts';

/**
 * The one way a state change tells the people who should know of it: a bell message (系统消息) that opens
 * what it is about. Where many of one kind arrive at once for one person (a batch review, an outbox's
 * replay, the warnings job), they are merged into the unread message already sent to them.
 */

/** What a click on the message opens: a page, with ?id= the record (the bell's openType 'component'). */
export interface NoticeLink {
  page: string;
  id?: string | null;
}

/**
 * Merging: an unread message of the same key, sent to the same one person within the window, takes the
 * new event in; merge makes its title and text from all it holds.
 */
export interface NoticeDigest<T> {
  key: string;
  item: T;
  merge: (items: T[]) => { title: string; text: string };
  /** How long after the last event another still joins it; 10 minutes unless said. */
  withinMs?: number;
}

export interface Notice<T = unknown> {
  recipients: readonly string[];
  title: string;
  text: string;
  sender: string | null;
  link?: NoticeLink;
  digest?: NoticeDigest<T>;
}

const DIGEST_WINDOW_MS = 10 * 60_000;

interface StoredDigest<T> {
  key: string;
  items: T[];
}

const linkColumns = (link: NoticeLink | undefined) => (link ? { openType: 'component', openPage: link.page, busId: link.id ?? null } : {});

/** Tells the recipients (each once); a digest is kept per recipient so that it can merge. */
export async function notify<T>(db: Queryable, notice: Notice<T>): Promise<void> {
  const recipients = [...new Set(notice.recipients)];
  if (recipients.length === 0) return;
  const { digest } = notice;
  if (!digest) {
    await sendSystemMessage(db, { title: notice.title, text: notice.text, sender: notice.sender, recipients, ...linkColumns(notice.link) });
    return;
  }
  for (const recipient of recipients) await notifyOne(db, notice, digest, recipient);
}

async function notifyOne<T>(db: Queryable, notice: Notice<T>, digest: NoticeDigest<T>, recipient: string) {
  const now = new Date();
  const since = new Date(now.getTime() - (digest.withinMs ?? DIGEST_WINDOW_MS));
  const [open] = await db
    .select({ id: sysAnnouncement.id, digest: sysAnnouncement.digest, busId: sysAnnouncement.busId })
    .from(sysAnnouncement)
    .innerJoin(sysAnnouncementSend, and(eq(sysAnnouncementSend.anntId, sysAnnouncement.id), eq(sysAnnouncementSend.userId, recipient), eq(sysAnnouncementSend.readFlag, 0)))
    .where(and(eq(sysAnnouncement.delFlag, 0), eq(sysAnnouncement.userIds, recipient), sql`${sysAnnouncement.digest}->>'key' = ${digest.key}`, gt(sysAnnouncement.sendTime, since)))
    .orderBy(desc(sysAnnouncement.sendTime))
    .limit(1)
    .for('update', { of: sysAnnouncement });
  if (!open) {
    const stored: StoredDigest<T> = { key: digest.key, items: [digest.item] };
    await sendSystemMessage(db, { title: notice.title, text: notice.text, sender: notice.sender, recipients: [recipient], ...linkColumns(notice.link), digest: stored });
    return;
  }
  const items = [...(open.digest as StoredDigest<T>).items, digest.item];
  const merged = digest.merge(items);
  // Several records: the link opens the list, not one of them.
  const busId = notice.link?.id && notice.link.id === open.busId ? open.busId : null;
  await db
    .update(sysAnnouncement)
    .set({ titile: merged.title, ...systemMessageBody(merged.text), sendTime: now, busId, digest: { key: digest.key, items } satisfies StoredDigest<T> })
    .where(eq(sysAnnouncement.id, open.id));
}
