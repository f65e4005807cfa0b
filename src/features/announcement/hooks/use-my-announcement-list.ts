import { useState } from 'react';
import type { Device } from '@/hooks/use-device.ts';
import type { MyAnnouncement, ReadFlag } from '@contract/announcement.ts';
import { useMyAnnouncements, useMyAnnouncementsScroll } from '../api/get-my-announcements.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';
import type { DetailState } from './use-notice-bell.ts';

export type ReadFilter = 'all' | ReadFlag;
export const READ_FILTERS: { value: ReadFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];
export const PAGE_SIZE = 10;

/** 我的消息's hook (components/device-page.tsx): the phone scrolls, the desktop pages. */
export function useUserAnnouncementPage(device: Device) {
  return { list: useMyAnnouncementList(device === 'phone') };
}

/**
 * 我的消息: the filter, the page and the open detail. Kept by the page (not by its desktop or phone
 * view), so crossing a breakpoint keeps them. The desktop pages through the list; the phone (`scroll`)
 * loads the next page at the end of the list, and pulling down reloads it.
 */
export function useMyAnnouncementList(scroll: boolean) {
  const [filter, setFilterState] = useState<ReadFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [detail, setDetail] = useState<DetailState>({ id: null, open: false });
  const readFlag = filter === 'all' ? {} : { readFlag: filter };
  const list = useMyAnnouncements({ pageNo, pageSize: PAGE_SIZE, ...readFlag }, !scroll);
  const endless = useMyAnnouncementsScroll({ pageSize: PAGE_SIZE, ...readFlag }, scroll);
  const markRead = useMarkAnnouncementRead();

  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Marking the last unread one of a page read can leave the page empty: step back to the last one.
  if (list.data && !list.isPlaceholderData && pageNo > lastPage) setPageNo(lastPage);

  return {
    filter,
    setFilter: (next: ReadFilter) => {
      setFilterState(next);
      setPageNo(1);
    },
    pageNo,
    setPageNo,
    lastPage,
    records: list.data?.records ?? [],
    total,
    loading: list.isPending,
    fetching: list.isFetching,
    scrolled: {
      records: endless.data?.pages.flatMap((p) => p.records) ?? [],
      loading: endless.isPending,
      failed: endless.isError,
      hasMore: endless.hasNextPage,
      // Rejects on failure, so the list offers a retry instead of asking again and again.
      loadMore: () =>
        endless.fetchNextPage({ cancelRefetch: false }).then((result) => {
          if (result.isError) throw result.error;
        }),
      refresh: () => endless.refetch().then(() => undefined),
    },
    show: (record: MyAnnouncement) => {
      if (record.readFlag === '0') markRead.mutate({ anntId: record.id });
      setDetail({ id: record.id, open: true });
    },
    detail,
    closeDetail: () => setDetail((d) => ({ ...d, open: false })),
  };
}

export type MyAnnouncementList = ReturnType<typeof useMyAnnouncementList>;
