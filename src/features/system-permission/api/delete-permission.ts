import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client.ts';
import { refreshPermissions } from '@/lib/refresh-permissions.ts';
import { PERMISSIONS_KEY } from './get-permissions.ts';

/** Deletes a node without children, with its grants; answers the server's message (system:permission:delete). */
export const deletePermission = (id: string) => request<null>({ method: 'delete', url: '/sys/permission/delete', params: { id } }).then((body) => body.message);

export function useDeletePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePermission,
    onSettled: () => void client.invalidateQueries({ queryKey: PERMISSIONS_KEY }),
    onSuccess: () => void refreshPermissions(),
  });
}
