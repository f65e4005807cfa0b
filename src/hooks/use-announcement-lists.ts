import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementLists } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/**
 * The caller's unread 通知 and 系统消息 (at most 10 of each) with their totals: one query for the
 * bell, the message list, the workplace's message box and the welcome page, so marking one read
 * anywhere refreshes them all, and kept on the device whichever of them asks first.
 */
export const getAnnouncementLists = () => http.get<AnnouncementLists>('/sys/annountCement/listByUser');

export const announcementListsQuery = () =>
  queryOptions({ queryKey: ['announcements', 'lists'], queryFn: getAnnouncementLists, retry: false, staleTime: 0, meta: { persist: true } });

interface ListsConfig {
  /** Recomputed after every load and render; it sees whether the last load failed. */
  refetchInterval?: number | ((query: { state: { status: 'pending' | 'error' | 'success' } }) => number | false);
  /** How long an answer is used as it is before this view asks again. */
  staleTime?: number;
}

export const useAnnouncementLists = (config: ListsConfig = {}) => useQuery({ ...announcementListsQuery(), ...config });
