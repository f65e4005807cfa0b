import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementLists } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/** The caller's unread 通知 and 系统消息: the bell's call, under the bell's query key. */
export const getUnreadNotices = () => http.get<AnnouncementLists>('/sys/annountCement/listByUser');

/** The welcome page's bell reloads every minute, as the shell's bell does while closed. */
export const unreadNoticesQuery = () => queryOptions({ queryKey: ['announcements', 'lists'], queryFn: getUnreadNotices, retry: false, staleTime: 0 });

export const useUnreadNotices = () => useQuery({ ...unreadNoticesQuery(), refetchInterval: 60_000 });
