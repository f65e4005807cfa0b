import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WORKFLOW_MSG, WORKFLOW_URL, processModelSchema, type ProcessKey, type ProcessModel, type ProcessModelInput, type StepAssignee } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';
import { MODELS_KEY } from './get-models.ts';

/** A step as the editor holds it: the 审批人 is one choice of its select ('relation:adviser', 'role:<id>'). */
export interface StepFormValue {
  name?: string;
  assignee?: string;
}
export interface ModelFormValues {
  steps?: StepFormValue[];
}

export const assigneeValue = (assignee: StepAssignee) => (assignee.type === 'relation' ? `relation:${assignee.relation}` : `role:${assignee.roleId}`);

/** The assignee a choice stands for; anything else (nothing chosen) is left for the schema to refuse. */
export function assigneeOf(value: string | undefined): { type: 'relation'; relation: string } | { type: 'role'; roleId: string } | undefined {
  if (value?.startsWith('relation:')) return { type: 'relation', relation: value.slice('relation:'.length) };
  if (value?.startsWith('role:')) return { type: 'role', roleId: value.slice('role:'.length) };
  return undefined;
}

export const modelFormValues = (model: ProcessModel): ModelFormValues => ({ steps: model.steps.map((step) => ({ name: step.name, assignee: assigneeValue(step.assignee) })) });

/** Where each message shows: 'steps' (the list as a whole), 'steps.0.name', 'steps.0.assignee'. */
export type ModelErrors = Partial<Record<string, string>>;
export const stepFieldKey = (index: number, field: 'name' | 'assignee') => `steps.${index}.${field}`;

/**
 * The request, or the shared schema's messages where they belong. With the roles known, a step going to a
 * role that no longer exists says so too (the server would refuse it).
 */
export function checkModel(values: ModelFormValues, knownRoleIds: ReadonlySet<string> | null): { input: ProcessModelInput; errors: null } | { input: null; errors: ModelErrors } {
  const steps = values.steps ?? [];
  const result = processModelSchema.safeParse({ steps: steps.map((step) => ({ name: step.name ?? '', assignee: assigneeOf(step.assignee) })) });
  const errors: ModelErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const [, index, field] = issue.path;
    const key = typeof index === 'number' ? stepFieldKey(index, field === 'name' ? 'name' : 'assignee') : 'steps';
    errors[key] ??= issue.message;
  }
  steps.forEach((step, index) => {
    const assignee = assigneeOf(step.assignee);
    if (knownRoleIds && assignee?.type === 'role' && assignee.roleId && !knownRoleIds.has(assignee.roleId)) errors[stepFieldKey(index, 'assignee')] ??= WORKFLOW_MSG.unknownRole;
  });
  if (result.success && Object.keys(errors).length === 0) return { input: result.data, errors: null };
  return { input: null, errors };
}

/** Replaces a process's steps: applications submitted from now on follow them, running ones keep theirs. */
export const saveModel = ({ key, input }: { key: ProcessKey; input: ProcessModelInput }) => http.put<ProcessModel>(WORKFLOW_URL.model(key), input);

export function useSaveModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveModel,
    onSuccess: (saved) => client.setQueryData(MODELS_KEY, (models: ProcessModel[] | undefined) => models?.map((m) => (m.key === saved.key ? saved : m))),
    onSettled: () => client.invalidateQueries({ queryKey: MODELS_KEY }),
  });
}
