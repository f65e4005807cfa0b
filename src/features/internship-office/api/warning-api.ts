import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WarningCheckResult, WarningHandleInput, WarningRow } from '@contract/internship-warning.ts';
import { WARNING_CHECK_URL, WARNING_RESOURCE } from '@contract/internship-warning.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

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

/** 立即检查: the warnings job run now; the lists reload. */
export function useCheckWarnings() {
  const refresh = useRefreshWarnings();
  return useMutation({
    mutationFn: () => http.post<WarningCheckResult>(WARNING_CHECK_URL, {}),
    onSettled: refresh,
  });
}
