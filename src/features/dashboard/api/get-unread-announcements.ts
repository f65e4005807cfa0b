import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementLists } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/**
 * The caller's unread 通知 and 系统消息 for the workplace's message box: the bell's own call, under
 * the bell's query key, so marking one read anywhere refreshes both.
 */
export const getUnreadAnnouncements = () => http.get<AnnouncementLists>('/sys/annountCement/listByUser');

export const unreadAnnouncementsQuery = () => queryOptions({ queryKey: ['announcements', 'lists'], queryFn: getUnreadAnnouncements, retry: false, staleTime: 0 });

export const useUnreadAnnouncements = () => useQuery(unreadAnnouncementsQuery());
