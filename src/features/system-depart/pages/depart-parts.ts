import { useMemo } from 'react';
import { showFailure } from '@/components/notification/show-failure.ts';
import type { z } from 'zod/mini';
import { DEPART_PERMISSIONS, departSchema, type DepartInput, type DepartTreeNode } from '@contract/depart.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { useAddDepart } from '../api/add-depart.ts';
import { useDeleteDepart } from '../api/delete-depart.ts';
import { useEditDepart } from '../api/edit-depart.ts';
import { toSortNo, type DepartFormValues } from './depart-tree.ts';

/** What both layouts of 部门管理 share (no UI library here). */

const USER_LIST = 'system:user:list';
const UNIQUE_CHECK_PAUSE_MS = 400;

export function useDepartPermissions() {
  return {
    canAdd: usePermission(DEPART_PERMISSIONS.add),
    canEdit: usePermission(DEPART_PERMISSIONS.edit),
    canRemove: usePermission(DEPART_PERMISSIONS.remove),
    // The department's users come from the user administration's call.
    canSeeUsers: usePermission(USER_LIST),
  };
}

type DepartRules = Record<'departName' | 'orgCode' | 'sortNo', ValidatorRule[]>;

const schemaCheck = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
};

/** Form rules from the shared schema (the server's own messages), and the code checked against the server as one types. */
function departRules(editingId: string | undefined): DepartRules {
  const { departName, orgCode, sortNo } = departSchema.shape;
  let latest: unknown;
  const unique: ValidatorRule = {
    validator: async (_rule, value) => {
      latest = value;
      if (typeof value !== 'string' || !orgCode.safeParse(value).success) return;
      // Typing validates on every change: ask the server only once the value has rested.
      await new Promise((resolve) => setTimeout(resolve, UNIQUE_CHECK_PAUSE_MS));
      if (latest !== value) return;
      const message = await duplicateMessage('sys_depart', 'org_code', value, editingId);
      // The same words as the server's refusal on save.
      if (message) throw new Error('机构编码已存在');
    },
  };
  return {
    departName: [{ validator: (_rule, value) => schemaCheck(departName, value ?? '') }],
    orgCode: [{ validator: (_rule, value) => schemaCheck(orgCode, value ?? '') }, unique],
    sortNo: [{ validator: (_rule, value) => schemaCheck(sortNo, toSortNo(value as DepartFormValues['sortNo'])) }],
  };
}

/** The rules kept for the form's life, so the pause before the server check sees every keystroke. */
export const useDepartRules = (editingId: string | undefined) => useMemo(() => departRules(editingId), [editingId]);

/** Saves (adds without an id) and deletes with the toasts; resolves to the saved node, or null when refused. */
export function useDepartActions() {
  const add = useAddDepart();
  const edit = useEditDepart();
  const remove = useDeleteDepart();

  const save = async (values: DepartFormValues, id?: string): Promise<DepartTreeNode | null> => {
    const input: DepartInput = {
      departName: (values.departName ?? '').trim(),
      orgCode: (values.orgCode ?? '').trim(),
      orgType: values.orgType,
      parentId: values.parentId ?? null,
      sortNo: toSortNo(values.sortNo),
    };
    try {
      const node = id ? await edit.mutateAsync({ ...input, id }) : await add.mutateAsync(input);
      notify.success(id ? '编辑成功！' : '添加成功！');
      return node;
    } catch (error) {
      showFailure(error);
      return null;
    }
  };

  const removeDepart = async (id: string): Promise<boolean> => {
    try {
      await remove.mutateAsync(id);
      notify.success('删除成功!');
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };

  return { save, saving: add.isPending || edit.isPending, remove: removeDepart, removing: remove.isPending };
}
