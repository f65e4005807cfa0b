import { queryOptions } from '@tanstack/react-query';
import type { UserPermissions } from '@contract/permissions.ts';
import { http } from '@/lib/api-client.ts';

export const getUserPermissions = () => http.get<UserPermissions>('/sys/permission/getUserPermissionByToken');

export const userPermissionsQuery = (token: string) =>
  queryOptions({ queryKey: ['permissions', token], queryFn: getUserPermissions, retry: false, staleTime: Infinity });
