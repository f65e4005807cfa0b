import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRolePermissionInput } from '@contract/permission-admin.ts';
import { request } from '@/lib/api-client.ts';
import { refreshPermissions } from '@/lib/refresh-permissions.ts';
import { rolePermissionsKey } from './get-role-permissions.ts';

/** Replaces a role's grants; answers the server's message (system:role:authorize). */
export const saveRolePermissions = (input: { roleId: string; permissionIds: string[] }) =>
  request<null>({
    method: 'post',
    url: '/sys/permission/saveRolePermission',
    data: { roleId: input.roleId, permissionIds: input.permissionIds.join(',') } satisfies SaveRolePermissionInput,
  }).then((body) => body.message);

export function useSaveRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSettled: (_message, _error, input) => void client.invalidateQueries({ queryKey: rolePermissionsKey(input.roleId) }),
    // The administrator's own role may be the one changed.
    onSuccess: () => void refreshPermissions(),
  });
}
