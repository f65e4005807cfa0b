import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementDetail } from '@contract/announcement.ts';
import { http } from '@/lib/api-client.ts';

/** One announcement the caller may see; its msgContent is HTML to sanitise before showing. */
export const getAnnouncement = (id: string) => http.get<AnnouncementDetail>('/sys/annountCement/queryById', { id });

export const announcementQuery = (id: string) => queryOptions({ queryKey: ['announcements', 'detail', id], queryFn: () => getAnnouncement(id), retry: false, meta: { persist: true } });

export const useAnnouncement = (id: string | null) => useQuery({ ...announcementQuery(id ?? ''), enabled: id !== null });
