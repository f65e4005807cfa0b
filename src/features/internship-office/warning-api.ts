import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WarningHandleInput, WarningRow } from '@contract/internship-warning.ts';
import { WARNING_RESOURCE } from '@contract/internship-warning.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** 处理: marks a warning handled with a note; the warning lists and the statistics reload. */
export function useHandleWarning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WarningHandleInput) => http.put<WarningRow>('/internship/warning/handle', input),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: resourceKey(WARNING_RESOURCE) }), client.invalidateQueries({ queryKey: ['internship-stats'] })]);
    },
  });
}
