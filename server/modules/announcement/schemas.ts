import { z } from 'zod';
import type { AnnouncementAdminDetail, AnnouncementDetail, AnnouncementRow, AnnouncementUserOption, MyAnnouncement } from '@contract/announcement.ts';
import type { AnnouncementItem, AnnouncementLists } from '@contract/session.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

const priority = z.enum(['L', 'M', 'H']).meta({ description: '优先级：L一般，M重要，H紧急' });
const msgCategory = z.string().meta({ description: '1通知，2系统消息' });
const isoTime = z.string().meta({ description: 'ISO 8601 时间' });
const openType = z.string().nullable().meta({ description: '点击打开方式：component 本系统页面，url 外部链接' });

const announcementItem = z.object({
  id: z.string(),
  titile: z.string(),
  createTime: isoTime,
  priority,
  openType,
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  msgTxt: z.string().nullable().meta({ description: '摘要' }),
  msgId: z.string(),
}) satisfies z.ZodType<AnnouncementItem>;

/** The bell: the unread of each tab, ten at most, with their totals. */
export const announcementListsAnswer = envelope(
  z.object({ anntMsgList: z.array(announcementItem), anntMsgTotal: counted, sysMsgList: z.array(announcementItem), sysMsgTotal: counted }) satisfies z.ZodType<AnnouncementLists>,
);

export const announcementDetailAnswer = envelope(
  z.object({
    id: z.string(),
    titile: z.string(),
    sender: z.string().nullable(),
    sendTime: isoTime.nullable(),
    msgContent: z.string().meta({ description: 'HTML 正文' }),
    priority,
    openType,
    openPage: z.string().nullable(),
    busId: z.string().nullable(),
  }) satisfies z.ZodType<AnnouncementDetail>,
);

const myAnnouncement = z.object({
  id: z.string(),
  anntId: z.string(),
  titile: z.string(),
  sender: z.string().nullable(),
  sendTime: isoTime.nullable(),
  priority,
  msgCategory,
  msgAbstract: z.string().nullable(),
  openType,
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  readFlag: z.enum(['0', '1']).meta({ description: '0未读，1已读' }),
}) satisfies z.ZodType<MyAnnouncement>;

export const myAnnouncementPageAnswer = envelope(pageOf(myAnnouncement));

const announcementRow = z.object({
  id: z.string(),
  titile: z.string(),
  msgAbstract: z.string().nullable(),
  sender: z.string().nullable(),
  priority,
  msgCategory,
  msgType: z.string().meta({ description: 'ALL全体用户，USER指定用户' }),
  sendStatus: z.enum(['0', '1', '2']).meta({ description: '0未发布，1已发布，2已撤销' }),
  sendTime: isoTime.nullable(),
  openType,
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  userIds: z.string().nullable().meta({ description: '指定用户的id，逗号分隔' }),
  createTime: isoTime,
}) satisfies z.ZodType<AnnouncementRow>;

const userOption = z.object({ id: z.string(), username: z.string(), realname: z.string() }) satisfies z.ZodType<AnnouncementUserOption>;

export const announcementPageAnswer = envelope(pageOf(announcementRow));
export const announcementRowAnswer = envelope(announcementRow);
export const announcementAdminDetailAnswer = envelope(
  announcementRow.extend({ msgContent: z.string().meta({ description: 'HTML 正文' }), users: z.array(userOption) }) satisfies z.ZodType<AnnouncementAdminDetail>,
);
export const userOptionsAnswer = envelope(z.array(userOption));
