import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionEditSchema, type PermissionEditInput, type PermissionNode } from '@contract/permission-admin.ts';
import { request } from '@/lib/api-client.ts';
import { refreshPermissions } from '@/lib/refresh-permissions.ts';
import { PERMISSIONS_KEY } from './get-permissions.ts';

export { permissionEditSchema };

/** Saves the whole node again; answers the node and the server's message (system:permission:edit). */
export const editPermission = (input: PermissionEditInput) =>
  request<PermissionNode>({ method: 'put', url: '/sys/permission/edit', data: input }).then((body) => ({ node: body.result, message: body.message }));

export function useEditPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPermission,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PERMISSIONS_KEY });
      void refreshPermissions();
    },
  });
}
