import { queryOptions } from '@tanstack/react-query';
import type { UserPermissions } from '@contract/permissions.ts';
import { ApiError } from '@/lib/api-client.ts';
import { getUserPermissions, takeEarlyPermissions } from './request-permissions-early.ts';

/**
 * The menu and permissions, fetched at every start (asked for as the app starts). Kept on the device, so without a network the
 * last menu is used (an offline start still opens the app); a refusal by the server is not masked.
 */
export const userPermissionsQuery = (token: string) =>
  queryOptions({
    queryKey: ['permissions', token],
    queryFn: ({ client, queryKey }) =>
      (takeEarlyPermissions(token) ?? getUserPermissions()).catch((error: unknown) => {
        const kept = client.getQueryData<UserPermissions>(queryKey);
        if (kept && error instanceof ApiError && error.unreached) return kept;
        throw error;
      }),
    retry: false,
    staleTime: Infinity,
    refetchOnMount: 'always',
    networkMode: 'always',
    meta: { persist: true },
  });
