import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WarningCheckResult, WarningHandleInput, WarningRow } from '@contract/internship-warning.ts';
import { WARNING_CHECK_URL, WARNING_PERMISSIONS, WARNING_RESOURCE } from '@contract/internship-warning.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { ApiError, http } from '@/lib/api-client.ts';

/** The warning lists and the statistics read again after a change. */
function useRefreshWarnings() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: resourceKey(WARNING_RESOURCE) }), client.invalidateQueries({ queryKey: ['internship-stats'] })]);
}

/** 处理: marks a warning handled with a note; the warning lists and the statistics reload. */
export function useHandleWarning() {
  const refresh = useRefreshWarnings();
  return useMutation({
    mutationFn: (input: WarningHandleInput) => http.put<WarningRow>('/internship/warning/handle', input),
    onSettled: refresh,
  });
}

/**
 * 立即检查 (shown by its button rule): the warnings job run now; says what it raised and reloads the lists.
 * Both layouts draw their button from this.
 */
export function useCheckWarnings() {
  const allowed = usePermission(WARNING_PERMISSIONS.check);
  const refresh = useRefreshWarnings();
  const check = useMutation({
    mutationFn: () => http.post<WarningCheckResult>(WARNING_CHECK_URL, {}),
    onSuccess: (result) => notify.success(result.summary),
    onError: (error) => {
      if (error instanceof ApiError && !error.notified) notify.warning(error.message);
    },
    onSettled: refresh,
  });
  return { allowed, checking: check.isPending, run: () => check.mutate() };
}
