import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { AnnouncementItem } from '@contract/session.ts';
import { usePageActivity } from '@/hooks/use-page-activity.ts';
import { openPushChannel } from '@/lib/push-channel.ts';
import { announcementListsQuery, useAnnouncementLists } from '@/hooks/use-announcement-lists.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';
import { DETAIL_DELAY_MS, USER_ANNOUNCEMENT_PATH, noticePollInterval, noticeTarget, reloadsNotices } from '../utils/notice-rules.ts';

export interface DetailState {
  /** The announcement shown last; kept while the dialog closes so its content does not blink. */
  id: string | null;
  open: boolean;
}

/**
 * The bell's behaviour, shared by the desktop popover and the phone sheet (SPEC.md section 4,
 * SPEC-DECISIONS.md): loads on mount, polls while the page is shown and online, reloads every 6 s
 * while open, stops after a failed load until opened again, and reloads on a push.
 */
export function useNoticeBell() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { visible, online } = usePageActivity();
  const [open, setOpenState] = useState(false);
  const [detail, setDetail] = useState<DetailState>({ id: null, open: false });
  const detailTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const markRead = useMarkAnnouncementRead();
  const lists = useAnnouncementLists({
    refetchInterval: (query) => noticePollInterval({ open, visible, online, failed: query.state.status === 'error' }),
  });
  const { refetch } = lists;

  useEffect(() => {
    const channel = openPushChannel();
    channel.subscribe((message) => {
      if (reloadsNotices(message)) void client.invalidateQueries({ queryKey: announcementListsQuery().queryKey });
    });
    return () => channel.close();
  }, [client]);

  useEffect(() => () => clearTimeout(detailTimer.current), []);

  /** Opening by hand always reloads, which also restarts polling after a failed load. */
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (next) void refetch();
  };

  const pick = (item: Pick<AnnouncementItem, 'id' | 'openType' | 'openPage' | 'busId'>) => {
    setOpenState(false);
    markRead.mutate({ anntId: item.id });
    const target = noticeTarget(item);
    clearTimeout(detailTimer.current);
    if (target.kind === 'page') navigate(target.to);
    else detailTimer.current = setTimeout(() => setDetail({ id: item.id, open: true }), DETAIL_DELAY_MS);
  };

  const viewMore = () => {
    setOpenState(false);
    navigate(USER_ANNOUNCEMENT_PATH);
  };

  const data = lists.data;
  return {
    open,
    setOpen,
    loading: lists.isPending,
    notices: data?.anntMsgList ?? [],
    noticeTotal: data?.anntMsgTotal ?? 0,
    messages: data?.sysMsgList ?? [],
    messageTotal: data?.sysMsgTotal ?? 0,
    total: (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0),
    pick,
    viewMore,
    detail,
    closeDetail: () => setDetail((d) => ({ ...d, open: false })),
  };
}

/** What the bell's parts (badge, popover or sheet, detail) read and do. */
export type NoticeBell = ReturnType<typeof useNoticeBell>;

/** The bell's accessible name, which says how many are unread. */
export const bellLabel = (total: number) => (total > 0 ? `消息通知，${total}条未读` : '消息通知');
