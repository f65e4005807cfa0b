import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementUserOption } from '@contract/announcement.ts';
import { http } from '@/lib/api-client.ts';

/** Active users whose account or name contains the keyword, for the recipient chooser (system:announcement:add). */
export const getUserOptions = (keyword: string) => http.get<AnnouncementUserOption[]>('/sys/annountCement/userOptions', { keyword, pageSize: 50 });

export const userOptionsQuery = (keyword: string) =>
  queryOptions({ queryKey: ['system', 'announcement', 'user-options', keyword], queryFn: () => getUserOptions(keyword), placeholderData: keepPreviousData, staleTime: 30_000 });

export const useUserOptions = (keyword: string, enabled = true) => useQuery({ ...userOptionsQuery(keyword), enabled });
