import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANNOUNCEMENT_RESOURCE, type AnnouncementAdminDetail } from '@contract/announcement.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** The whole announcement for the editor and 查看, drafts included, with the chosen users' names (system:announcement:list). */
export const getAnnouncementDetail = (id: string) => http.get<AnnouncementAdminDetail>('/sys/annountCement/adminQueryById', { id });

/** Under the resource's key, so a save, publish or revoke reloads it with the list. */
export const announcementDetailQuery = (id: string) =>
  queryOptions({ queryKey: [...resourceKey(ANNOUNCEMENT_RESOURCE), 'detail', id], queryFn: () => getAnnouncementDetail(id) });

export const useAnnouncementDetail = (id: string | null) => useQuery({ ...announcementDetailQuery(id ?? ''), enabled: id !== null });
