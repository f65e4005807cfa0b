import { useMemo, useState } from 'react';
import type { ResourceAction, ResourceDescription } from '@contract/resource.ts';
import type { RowAction } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { sent } from '@/components/notification/show-failure.ts';
import { useAllowed } from '@/hooks/use-permission.ts';
import { useRunAction, type ResourceRow } from './resource-api.ts';

/**
 * A row action's form (ResourceAction.fields) as a description of its own, so the resource's forms render it:
 * its fields checked with the action's schema, held by the action's permission, named like its resource.
 */
const actionFormOf = (resource: ResourceDescription, action: ResourceAction): ResourceDescription => ({
  ...resource,
  key: `${resource.key}-${action.key}`,
  fields: action.fields ?? [],
  createSchema: action.schema,
  editSchema: action.schema,
  permissions: { list: resource.permissions.list, add: action.permission, edit: action.permission },
  tree: undefined,
  actions: undefined,
});

/** A resource's declared actions (ResourceDescription.actions) as its lists offer them, to holders of their codes. */
export function useResourceActions(resource: ResourceDescription) {
  const allowed = useAllowed();
  const runAction = useRunAction(resource);
  const [asking, setAsking] = useState<{ action: ResourceAction; row: ResourceRow } | null>(null);
  // One description per opening: the form starts again whenever its description changes.
  const askingForm = useMemo(() => asking && actionFormOf(resource, asking.action), [resource, asking]);
  const held = (resource.actions ?? []).filter((action) => allowed(action.permission));
  const run = async (action: ResourceAction, rows: readonly ResourceRow[], values?: Record<string, unknown>) => {
    await runAction.mutateAsync({ action, rows, values });
    notify.success(action.done);
  };
  return {
    /** What a row offers (冻结 a normal account, 解冻 a frozen one). */
    offered: (row: ResourceRow) => held.filter((action) => action.offeredFor?.(row) ?? true),
    /** What the chosen rows are offered. */
    batch: held.filter((action) => action.batch),
    /** Runs an action on rows (with its form's values) and says it went through; a refusal is thrown, its message shown by the client. */
    run,
    running: runAction.isPending,
    ask: (action: ResourceAction, row: ResourceRow) => setAsking({ action, row }),
    /** The actions as a list's row actions (either library's): a form asked for first, a confirmation where declared. */
    rowActions: (name: (row: ResourceRow) => string): RowAction<ResourceRow>[] =>
      held.map((action) => ({
        key: action.key,
        label: action.label,
        danger: action.danger,
        when: (row) => action.offeredFor?.(row) ?? true,
        confirm: action.confirm && !action.fields ? (row) => ({ title: action.confirm!(name(row)), ok: action.label }) : undefined,
        run: (row) => (action.fields ? setAsking({ action, row }) : sent(run(action, [row]))),
      })),
    /** The open action form's props (either library's resource form takes them), given the row's name; null while none is open. */
    form: (name: (row: ResourceRow) => string) =>
      asking &&
      askingForm && {
        resource: askingForm,
        row: asking.row,
        open: true,
        onClose: () => setAsking(null),
        title: `${asking.action.label} – ${name(asking.row)}`,
        send: (values: Record<string, unknown>) => run(asking.action, [asking.row], values),
      },
  };
}
export type ResourceActions = ReturnType<typeof useResourceActions>;
