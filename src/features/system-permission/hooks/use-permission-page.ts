import { PERMISSION_RESOURCE } from '@contract/permission-admin.ts';
import { useTreeScreen } from '@/components/resource/use-tree-screen.ts';
import { refreshPermissions } from '@/lib/refresh-permissions.ts';

/** 菜单管理's state, queries and actions, which both renderings take; a change puts the administrator's own menus in force at once. */
export const usePermissionPage = () => useTreeScreen(PERMISSION_RESOURCE, { onChanged: () => void refreshPermissions() });
