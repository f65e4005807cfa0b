import { sysAnnouncement } from '../../db/schema.ts';
import { addressTo, type Queryable } from './queries.ts';

export interface SystemMessage {
  title: string;
  /** Plain text; it is escaped into the message's HTML. */
  text: string;
  sender: string | null;
  recipients: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

/** A 系统消息 to chosen users, published at once: it shows in their bell's 系统消息 tab. */
export async function sendSystemMessage(db: Queryable, message: SystemMessage): Promise<void> {
  const [row] = await db
    .insert(sysAnnouncement)
    .values({
      titile: message.title,
      msgContent: `<p>${escapeHtml(message.text).replace(/\n/gu, '<br>')}</p>`,
      msgAbstract: message.text.slice(0, 100),
      sender: message.sender,
      priority: 'M',
      msgCategory: '2',
      msgType: 'USER',
      userIds: message.recipients.join(','),
      sendStatus: '1',
      sendTime: new Date(),
    })
    .returning({ id: sysAnnouncement.id });
  await addressTo(db, row!.id, message.recipients);
}
