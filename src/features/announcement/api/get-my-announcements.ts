import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAnnouncement, MyAnnouncementQuery } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** Every announcement the caller may see, newest first, a page at a time, with its read flag. */
export const getMyAnnouncements = (query: MyAnnouncementQuery) =>
  http.get<PageResult<MyAnnouncement>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', query);

export const myAnnouncementsQuery = (query: MyAnnouncementQuery) =>
  queryOptions({ queryKey: ['announcements', 'mine', query], queryFn: () => getMyAnnouncements(query), placeholderData: keepPreviousData, meta: { persist: true } });

export const useMyAnnouncements = (query: MyAnnouncementQuery) => useQuery(myAnnouncementsQuery(query));
