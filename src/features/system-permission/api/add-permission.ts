import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionSchema, type PermissionInput, type PermissionNode } from '@contract/permission-admin.ts';
import { request } from '@/lib/api-client.ts';
import { refreshPermissions } from '@/lib/refresh-permissions.ts';
import { PERMISSIONS_KEY } from './get-permissions.ts';

export { permissionSchema };

/** Adds a menu or a button (granted to the administrator role); answers the node and the server's message (system:permission:add). */
export const addPermission = (input: PermissionInput) =>
  request<PermissionNode>({ method: 'post', url: '/sys/permission/add', data: input }).then((body) => ({ node: body.result, message: body.message }));

export function useAddPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPermission,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PERMISSIONS_KEY });
      void refreshPermissions();
    },
  });
}
