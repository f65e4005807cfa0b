import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentDeparts } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/** The user's departments and the current one (the user menu's call, under its query key). */
export const getCurrentDeparts = () => http.get<CurrentDeparts>('/sys/user/getCurrentUserDeparts');

export const currentDepartsQuery = () => queryOptions({ queryKey: ['current-departs'], queryFn: getCurrentDeparts });

export const useCurrentDeparts = () => useQuery(currentDepartsQuery());
