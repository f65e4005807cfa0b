import type { PushMessage } from '@/lib/push-channel.ts';

/** SPEC.md section 9 and SPEC-DECISIONS.md: the bell's timers. */
export const POLL_MS = 60_000;
export const OPEN_RELOAD_MS = 6_000;
export const DETAIL_DELAY_MS = 200;

/**
 * 我的消息, where 查看更多 leads. A menu route (a hidden item, contract/announcement.ts MY_ANNOUNCEMENTS_PAGE; SPEC.md: name
 * isps-userAnnouncement), so it lives here rather than in config/paths.ts, which the login page loads.
 */
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

export interface PollState {
  /** The bell's list is open. */
  open: boolean;
  /** The page is shown (document not hidden). */
  visible: boolean;
  online: boolean;
  /** The last load failed: polling waits for the next manual open. */
  failed: boolean;
}

/**
 * How often the bell reloads: never after a failed load (until it is opened by hand again), never
 * while the page is hidden or offline, every 6 s while the list is open, else every 60 s.
 */
export function noticePollInterval({ open, visible, online, failed }: PollState): number | false {
  if (failed || !visible || !online) return false;
  return open ? OPEN_RELOAD_MS : POLL_MS;
}

/** A push with cmd topic (to everyone) or user (to this user) means new announcements. */
export const reloadsNotices = (message: PushMessage) => message.cmd === 'topic' || message.cmd === 'user';

export type NoticeTarget = { kind: 'page'; to: string } | { kind: 'detail' };

/**
 * Where a picked announcement leads: openType 'component' opens its page with id=busId added to the page's own
 * query (/internship/review?kind=weekly&id=…), anything else the detail.
 */
export function noticeTarget(item: { openType: string | null; openPage: string | null; busId: string | null }): NoticeTarget {
  if (item.openType !== 'component' || !item.openPage) return { kind: 'detail' };
  const path = item.openPage.startsWith('/') ? item.openPage : `/${item.openPage}`;
  return { kind: 'page', to: item.busId ? `${path}${path.includes('?') ? '&' : '?'}id=${encodeURIComponent(item.busId)}` : path };
}
