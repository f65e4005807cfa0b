import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentRoles } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';

/** The user's roles and the active one (the user menu's call, under its query key). */
export const getCurrentRoles = () => http.get<CurrentRoles>('/sys/user/getCurrentUserRoles');

export const currentRolesQuery = () => queryOptions({ queryKey: ['current-roles'], queryFn: getCurrentRoles });

export const useCurrentRoles = () => useQuery(currentRolesQuery());
