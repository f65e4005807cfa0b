import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionNode } from '@contract/permission-admin.ts';
import { http } from '@/lib/api-client.ts';

/** Every menu and button as a tree, siblings by sort number (system:permission:list). */
export const getPermissions = () => http.get<PermissionNode[]>('/sys/permission/list');

/** Every change in 菜单管理 invalidates this key; the saves answer without waiting for the tree to reload (it is large). */
export const PERMISSIONS_KEY = ['system', 'permissions'] as const;

export const permissionsQuery = () => queryOptions({ queryKey: PERMISSIONS_KEY, queryFn: getPermissions });

export const usePermissions = () => useQuery(permissionsQuery());
