import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAnnouncement } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

const QUERY = { pageNo: 1, pageSize: 5 };

/** The user's five newest announcements, read or not (the 我的消息 call, under its query key). */
export const getRecentAnnouncements = () => http.get<PageResult<MyAnnouncement>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', QUERY);

export const recentAnnouncementsQuery = () => queryOptions({ queryKey: ['announcements', 'mine', QUERY], queryFn: getRecentAnnouncements });

export const useRecentAnnouncements = () => useQuery(recentAnnouncementsQuery());
