import * as z from 'zod/mini';

/** Shapes of the announcement calls beyond the bell's lists (those are in session.ts), shared by the server and the browser. */

/** GET /sys/annountCement/queryById: what the detail view shows. msgContent is HTML; the browser sanitises it before showing it. */
export interface AnnouncementDetail {
  id: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  msgContent: string;
  priority: 'L' | 'M' | 'H';
  openType: string | null;
  openPage: string | null;
  busId: string | null;
}

/** '0' unread, '1' read. */
export type ReadFlag = '0' | '1';

/** One row of GET /sys/sysAnnouncementSend/getMyAnnouncementSend (id and anntId are both the announcement's id). */
export interface MyAnnouncement {
  id: string;
  anntId: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  priority: 'L' | 'M' | 'H';
  /** '1' 通知, '2' 系统消息. */
  msgCategory: string;
  msgAbstract: string | null;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  readFlag: ReadFlag;
}

/** Query of getMyAnnouncementSend; readFlag left out lists read and unread. */
export interface MyAnnouncementQuery {
  pageNo: number;
  pageSize: number;
  readFlag?: ReadFlag;
}

/** PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId (SPEC-DECISIONS.md). */
export const markReadSchema = z.object({ anntId: z.string().check(z.minLength(1)) });
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** Priority codes of SPEC.md section 9 with their labels. */
export const PRIORITY_LABELS: Record<'L' | 'M' | 'H', string> = { L: '一般', M: '重要', H: '紧急' };

export const toPriority = (value: string): 'L' | 'M' | 'H' => (value === 'M' || value === 'H' ? value : 'L');
