import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api-client.ts';

/** The ids of the menus and buttons a role holds (system:role:authorize). */
export const getRolePermissions = (roleId: string) => http.get<string[]>('/sys/permission/queryRolePermission', { roleId });

export const rolePermissionsKey = (roleId: string) => ['system', 'role-authorize', 'grants', roleId] as const;

// Read afresh at every opening (nothing kept once closed): another administrator may have changed them meanwhile.
export const rolePermissionsQuery = (roleId: string) =>
  queryOptions({ queryKey: rolePermissionsKey(roleId), queryFn: () => getRolePermissions(roleId), staleTime: 0, gcTime: 0 });

/** Loaded only while a role's authorisation is open. */
export const useRolePermissions = (roleId: string | null) => useQuery({ ...rolePermissionsQuery(roleId ?? ''), enabled: roleId !== null });
