import { useMemo, useState } from 'react';
import { STEP_RELATIONS, STEP_RELATION_LABELS, assigneeLabel, type ProcessModel, type ProcessStep } from '@contract/workflow.ts';
import type { RoleRow } from '@contract/role.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { sent } from '@/components/notification/show-failure.ts';
import type { Device } from '@/hooks/use-device.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { useModels } from '../api/get-models.ts';
import { useRoles } from '../api/get-roles.ts';
import { checkModel, useSaveModel, type ModelFormValues } from '../api/save-model.ts';

/** 流程模型's state and actions (no UI library here); the steps are edited on a computer only. */

/** "1. 指导教师审批（学生的指导教师）→ 2. 实习办审批（实习办）" */
export const stepsText = (steps: ProcessStep[], roleNames: ReadonlyMap<string, string>) =>
  steps.map((step, index) => `${index + 1}. ${step.name}（${assigneeLabel(step.assignee, roleNames)}）`).join(' → ');

/**
 * The page's hook (components/device-page.tsx): the processes and the roles their steps may go to, and
 * the one being edited. The phone only says to use a computer and reads nothing.
 */
export function useModelEditorPage(device: Device) {
  const desktop = device !== 'phone';
  const models = useModels(desktop);
  const roles = useRoles(desktop);
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.roleName])), [roles.data]);
  // The model stays while the drawer closes, so its content does not vanish mid-animation.
  const [editing, setEditing] = useState<{ model: ProcessModel | null; open: boolean }>({ model: null, open: false });
  const list: DeclaredList<ProcessModel> = {
    title: '流程模型',
    rowKey: (row) => row.key,
    columns: [
      { key: 'name', label: '流程', width: 120 },
      { key: 'steps', label: '审批步骤', show: (row) => stepsText(row.steps, roleNames) },
      { key: 'updatedAt', label: '最后修改', width: 200 },
    ],
    actions: [{ key: 'edit', label: '编辑', run: (row) => setEditing({ model: row, open: true }) }],
    actionsWidth: 90,
    empty: '暂无流程模型',
    data: wholeList(models),
  };
  return {
    state: {
      list,
      roles,
      roleNames,
      editing: editing.model,
      editorOpen: editing.open,
      close: () => setEditing((e) => ({ ...e, open: false })),
    },
  };
}

export type ModelEditorState = ReturnType<typeof useModelEditorPage>['state'];

/** The 审批人 choices: the two relations to the applying student, then every role. */
function assigneeOptions(roles: RoleRow[], model: ProcessModel) {
  const known = new Set(roles.map((r) => r.id));
  // A step may go to a role deleted since: shown as such rather than as a bare id, and refused on saving.
  const missing = [...new Set(model.steps.flatMap((s) => (s.assignee.type === 'role' && !known.has(s.assignee.roleId) ? [s.assignee.roleId] : [])))];
  return [
    { label: '与申请学生的关系', title: '与申请学生的关系', options: STEP_RELATIONS.map((relation) => ({ value: `relation:${relation}`, label: STEP_RELATION_LABELS[relation] })) },
    {
      label: '角色',
      title: '角色',
      options: [...roles.map((role) => ({ value: `role:${role.id}`, label: role.roleName })), ...missing.map((id) => ({ value: `role:${id}`, label: `${id}（角色不存在）` }))],
    },
  ];
}

/** What the steps' form needs of the layout's form (antd's). */
interface ModelFormHandle {
  getFieldValue(name: 'steps'): unknown;
  getFieldError(name: 'steps'): string[];
  validateFields(names?: ['steps'][]): Promise<unknown>;
}

/**
 * The steps of one process being edited: the 审批人 choices, each field's rule (the whole form checked
 * with the shared schema, its message for that place), the list's own message kept up to date, and 保存.
 */
export function useModelForm(form: ModelFormHandle, model: ProcessModel, roles: RoleRow[] | undefined, onDone: () => void) {
  const save = useSaveModel();
  const knownRoleIds = useMemo(() => (roles ? new Set(roles.map((r) => r.id)) : null), [roles]);
  const options = useMemo(() => assigneeOptions(roles ?? [], model), [roles, model]);
  const check = () => checkModel({ steps: form.getFieldValue('steps') as ModelFormValues['steps'] }, knownRoleIds);
  return {
    options,
    ruleAt: (key: string): ValidatorRule => ({
      validator: () => {
        const message = check().errors?.[key];
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    }),
    /** The list's own message (no steps, too many) follows its changes once shown. */
    recheckList: () => {
      if (form.getFieldError('steps').length > 0) void form.validateFields([['steps']]).catch(() => undefined);
    },
    submit: async () => {
      try {
        await form.validateFields();
      } catch {
        return;
      }
      const { input } = check();
      if (!input || !(await sent(save.mutateAsync({ key: model.key, input })))) return;
      notify.success('流程已保存，之后提交的申请按新流程审批', { title: '流程模型' });
      onDone();
    },
    pending: save.isPending,
  };
}
