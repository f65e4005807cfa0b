import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** The rule's next code; each call takes a sequence number for good (any logged-in user). */
export const executeRuleByCode = (ruleCode: string) => http.get<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`);

/** The list shows each rule's current number: it reloads after a code is taken. */
export function useExecuteRule() {
  const client = useQueryClient();
  return useMutation({ mutationFn: executeRuleByCode, onSettled: () => client.invalidateQueries({ queryKey: resourceKey(FILL_RULE_RESOURCE) }) });
}
