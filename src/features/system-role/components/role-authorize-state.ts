import { useState } from 'react';
import type { MenuType, PermissionTreeNode } from '@contract/permission-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { usePermissionTree } from '../api/get-permission-tree.ts';
import { useRolePermissions } from '../api/get-role-permissions.ts';
import { useSaveRolePermissions } from '../api/save-role-permissions.ts';

/** What both layouts of the role authorisation share (no UI library here). */

export interface RoleRef {
  id: string;
  name: string;
}

/** One node of the tree in display order, with its depth (the phone's indented list). */
export interface FlatPermission {
  id: string;
  title: string;
  menuType: MenuType;
  depth: number;
}

export function flattenPermissions(nodes: readonly PermissionTreeNode[], depth = 0): FlatPermission[] {
  return nodes.flatMap((node) => [{ id: node.key, title: node.title, menuType: node.menuType, depth }, ...flattenPermissions(node.children ?? [], depth + 1)]);
}

/**
 * The tree, the role's grants and the choice being edited (each node chosen on its own: a parent and
 * its children independently). The choice starts from the role's grants and is forgotten on `reset`.
 */
export function useRoleAuthorize(role: RoleRef | null) {
  const roleId = role?.id ?? null;
  const tree = usePermissionTree(roleId !== null);
  const grants = useRolePermissions(roleId);
  const save = useSaveRolePermissions();
  // Kept per role, so a choice never carries over to another role.
  const [edited, setEdited] = useState<{ roleId: string; ids: string[] } | null>(null);
  const checked = (edited && edited.roleId === roleId ? edited.ids : null) ?? grants.data ?? [];
  const choose = (ids: string[]) => {
    if (roleId) setEdited({ roleId, ids });
  };

  /** Saves the choice; true when the server took it (its message is shown). */
  const submit = async (): Promise<boolean> => {
    if (!roleId) return false;
    try {
      notify.success(await save.mutateAsync({ roleId, permissionIds: checked }));
      return true;
    } catch (error) {
      // HTTP refusals were shown by the client; a plain "success: false" is shown here.
      if (!(error instanceof ApiError && error.notified)) notify.warning(error instanceof Error ? error.message : '保存失败');
      return false;
    }
  };

  return {
    tree: tree.data?.treeList ?? [],
    allIds: tree.data?.ids ?? [],
    loading: tree.isPending || grants.isPending,
    failed: tree.isError || grants.isError,
    retry: () => void Promise.all([tree.refetch(), grants.refetch()]),
    checked,
    choose,
    selectAll: () => choose(tree.data?.ids ?? []),
    clearAll: () => choose([]),
    submit,
    saving: save.isPending,
    reset: () => setEdited(null),
  };
}
