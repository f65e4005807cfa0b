import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartUser } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';
import { DEPARTS_KEY } from './get-depart-tree.ts';

/** The users of one department (system:user:list). */
export const getDepartUsers = (id: string) => http.get<DepartUser[]>('/sys/user/queryUserByDepId', { id });

export const departUsersQuery = (id: string, enabled = true) =>
  queryOptions({ queryKey: [...DEPARTS_KEY, 'users', id], queryFn: () => getDepartUsers(id), enabled: enabled && Boolean(id) });

export const useDepartUsers = (id: string, enabled = true) => useQuery(departUsersQuery(id, enabled));
