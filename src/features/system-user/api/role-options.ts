import { useQuery } from '@tanstack/react-query';
import type { RoleOption } from '@contract/role.ts';
import { http } from '@/lib/api-client.ts';

export const getRoleOptions = () => http.get<RoleOption[]>('/sys/role/queryall');

/** The roles as both layouts' choosers offer them. */
export const useRoleOptions = () =>
  useQuery({ queryKey: ['system-user', 'role-options'], queryFn: getRoleOptions, staleTime: 60_000, select: (roles) => roles.map((r) => ({ value: r.id, label: r.roleName })) });
