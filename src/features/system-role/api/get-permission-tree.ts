import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionTreeResult } from '@contract/permission-admin.ts';
import { http } from '@/lib/api-client.ts';

/** Every menu and button as the authorisation tree, with every id (system:role:authorize). */
export const getPermissionTree = () => http.get<PermissionTreeResult>('/sys/permission/queryTreeList');

// Read again at each opening, so menus just added in 菜单管理 are there to grant.
export const permissionTreeQuery = () => queryOptions({ queryKey: ['system', 'role-authorize', 'tree'], queryFn: getPermissionTree, staleTime: 0 });

/** Loaded only while the authorisation is open. */
export const usePermissionTree = (enabled: boolean) => useQuery({ ...permissionTreeQuery(), enabled });
