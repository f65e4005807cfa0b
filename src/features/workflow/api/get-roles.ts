import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import type { RoleRow } from '@contract/role.ts';
import { http } from '@/lib/api-client.ts';

/** The roles a step may go to (the role list's first 100, which is every role a school has). */
export const getRoles = () => http.get<PageResult<RoleRow>>('/sys/role/list', { pageSize: 100 });

export const rolesQuery = () => queryOptions({ queryKey: ['workflow', 'roles'], queryFn: getRoles, staleTime: 60_000, select: (page: PageResult<RoleRow>) => page.records });

export const useRoles = (enabled = true) => useQuery({ ...rolesQuery(), enabled });
