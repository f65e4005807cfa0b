import { sysAnnouncement } from '../../db/schema.ts';
import { addressTo, type Queryable } from './queries.ts';

export interface SystemMessage {
  title: string;
  /** Plain text; it is escaped into the message's HTML. */
  text: string;
  sender: string | null;
  recipients: string[];
  /** 'component': a click opens openPage (with ?id=busId) rather than the message (announcement/notify.ts). */
  openType?: string;
  openPage?: string;
  busId?: string | null;
  /** A merging message's key and events (announcement/notify.ts). */
  digest?: unknown;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

/** A message's HTML and abstract from its plain text. */
export const systemMessageBody = (text: string) => ({ msgContent: `<p>${escapeHtml(text).replace(/\n/gu, '<br>')}</p>`, msgAbstract: text.slice(0, 100) });

/** A 系统消息 to chosen users, published at once: it shows in their bell's 系统消息 tab. */
export async function sendSystemMessage(db: Queryable, message: SystemMessage): Promise<void> {
  const [row] = await db
    .insert(sysAnnouncement)
    .values({
      titile: message.title,
      ...systemMessageBody(message.text),
      sender: message.sender,
      priority: 'M',
      msgCategory: '2',
      msgType: 'USER',
      userIds: message.recipients.join(','),
      sendStatus: '1',
      sendTime: new Date(),
      openType: message.openType ?? null,
      openPage: message.openPage ?? null,
      busId: message.busId ?? null,
      digest: message.digest ?? null,
    })
    .returning({ id: sysAnnouncement.id });
  await addressTo(db, row!.id, message.recipients);
}
