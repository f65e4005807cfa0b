import { useQuery } from '@tanstack/react-query';
import type { RoleOption } from '@contract/role.ts';
import { http } from '@/lib/api-client.ts';

export const getRoleOptions = () => http.get<RoleOption[]>('/sys/role/queryall');

export const useRoleOptions = () => useQuery({ queryKey: ['system-user', 'role-options'], queryFn: getRoleOptions, staleTime: 60_000 });
