import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementLists } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/**
 * The caller's unread 通知 and 系统消息 for the workplace's message box: the bell's own call, under
 * the bell's query key, so marking one read anywhere refreshes both. An answer the bell loaded in the
 * last few seconds is used as it is: the box mounts just after the bell, and asked again at every start.
 */
export const getUnreadAnnouncements = () => http.get<AnnouncementLists>('/sys/annountCement/listByUser');

export const unreadAnnouncementsQuery = () => queryOptions({ queryKey: ['announcements', 'lists'], queryFn: getUnreadAnnouncements, retry: false, staleTime: 10_000 });

export const useUnreadAnnouncements = () => useQuery(unreadAnnouncementsQuery());
