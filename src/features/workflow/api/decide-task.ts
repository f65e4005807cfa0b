import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WORKFLOW_MSG, WORKFLOW_URL, decisionSchema, type Decision, type DecisionInput, type InstanceView } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';
import { instanceKey } from './get-instance.ts';
import { WORKFLOW_LIST_KEY } from './list-queries.ts';

/** The decision form's field as the inputs hold it. */
export interface DecisionFormValues {
  comment?: string | null;
}

/** The request for a decision, or the shared schema's message for the comment (驳回 and 退回修改 need one). */
export function checkDecision(decision: Decision, values: DecisionFormValues): { input: DecisionInput; errors: null } | { input: null; errors: { comment: string } } {
  const comment = values.comment?.trim() ? values.comment : undefined;
  const result = decisionSchema.safeParse(comment === undefined ? { decision } : { decision, comment });
  if (result.success) return { input: result.data, errors: null };
  // The decision comes from the button pressed, so every refusal is about the comment.
  return { input: null, errors: { comment: result.error.issues[0]?.message ?? WORKFLOW_MSG.commentRequired(decision) } };
}

/** 同意, 驳回 or 退回修改 on one of my tasks; answers the application as it now stands. */
export const decideTask = ({ taskId, input }: { taskId: string; instanceId: string; input: DecisionInput }) => http.post<InstanceView>(WORKFLOW_URL.decide(taskId), input);

export function useDecideTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideTask,
    onSuccess: (view) => client.setQueryData(instanceKey(view.id), view),
    // Also after a failure: someone else may have decided it meanwhile (该任务已处理), so show what is there now.
    onSettled: (_view, _error, { instanceId }) =>
      Promise.all([client.invalidateQueries({ queryKey: WORKFLOW_LIST_KEY }), client.invalidateQueries({ queryKey: instanceKey(instanceId) })]),
  });
}
