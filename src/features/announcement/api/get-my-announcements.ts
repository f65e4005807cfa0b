import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MyAnnouncement, MyAnnouncementQuery } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** Every announcement the caller may see, newest first, a page at a time, with its read flag. */
export const getMyAnnouncements = (query: MyAnnouncementQuery) =>
  http.get<PageResult<MyAnnouncement>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', query);

export const myAnnouncementsQuery = (query: MyAnnouncementQuery) =>
  queryOptions({ queryKey: ['announcements', 'mine', query], queryFn: () => getMyAnnouncements(query), placeholderData: keepPreviousData, meta: { persist: true } });

/** The phone's list: the same pages, each loaded as the user scrolls to the end. */
export const myAnnouncementsScrollQuery = (query: Omit<MyAnnouncementQuery, 'pageNo'>) =>
  infiniteQueryOptions({
    queryKey: ['announcements', 'mine', 'scroll', query],
    queryFn: ({ pageParam }) => getMyAnnouncements({ ...query, pageNo: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total ? last.current + 1 : undefined),
    meta: { persist: true },
  });
