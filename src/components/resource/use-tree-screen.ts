import { useMemo, useState } from 'react';
import type { ResourceDescription } from '@contract/resource.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { showFailure } from '@/components/notification/show-failure.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { treeOf, useDeleteResource, useResourceTree, type ResourceRow, type TreeRow } from './resource-api.ts';
import { ancestorsOf, branchIds, findNode, matchingNodes } from './tree-nodes.ts';

export interface TreeScreenOptions {
  /** What a new row's form starts with under a parent (null: at the top), besides the parent (部门: 学校 at the top, 院系 below). */
  newValues?: (parentId: string | null) => Record<string, unknown>;
  /** After a save or delete: caches of the page's own (the user's menus). */
  onChanged?: () => void;
}

/** The form a tree screen has open: a new row under a parent (null: at the top) with what it starts with, or a row. */
export interface TreeEditing {
  row: TreeRow | null;
  parentId: string | null;
  initialValues?: Record<string, unknown>;
}

const NO_ROWS: TreeRow[] = [];
const NO_IDS: string[] = [];

/**
 * A tree resource's screen (ResourceDescription.tree), its state, queries and actions: the whole tree, the search
 * within it, the open branches, the chosen row (the desktop's selection, the phone's open level) and the open
 * form. Both renderings take it (components/device-page.tsx), so a change of device keeps all of it.
 */
export function useTreeScreen(resource: ResourceDescription, { newValues, onChanged }: TreeScreenOptions = {}) {
  const tree = treeOf(resource);
  const query = useResourceTree(resource);
  const nodes = query.data ?? NO_ROWS;
  const [keyword, setKeyword] = useState('');
  const matches = useMemo(() => (tree.search && keyword.trim() ? matchingNodes(nodes, tree.search.fields, keyword) : null), [nodes, tree.search, keyword]);
  // Until the user opens or closes a branch, the declared levels are open.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const expandedKeys = expanded ?? (tree.openLevels === 1 ? nodes.map((n) => n.id) : NO_IDS);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = chosenId ? findNode(nodes, chosenId) : null;
  const [editing, setEditing] = useState<TreeEditing | null>(null);
  const can = {
    add: usePermission(resource.permissions.add ?? ''),
    edit: usePermission(resource.permissions.edit ?? ''),
    remove: usePermission(resource.permissions.remove ?? ''),
  };
  const remove = useDeleteResource(resource, onChanged);
  const parentOf = (row: ResourceRow) => (typeof row[tree.parentField] === 'string' ? (row[tree.parentField] as string) : null);

  /** Shows a row where it sits: the branches above it open (a new row is not in the tree yet: its parent's chain counts). */
  const reveal = (row: ResourceRow) => {
    const parentId = parentOf(row);
    const above = parentId ? [...ancestorsOf(nodes, parentId).map((n) => n.id), parentId] : [];
    setExpanded((keys) => [...new Set([...(keys ?? expandedKeys), ...above])]);
  };

  return {
    resource,
    tree,
    query,
    nodes,
    keyword,
    setKeyword,
    /** The rows the search found, flat; null while nothing is searched. */
    matches,
    expandedKeys,
    setExpanded: (keys: readonly string[]) => setExpanded([...keys]),
    expandAll: () => setExpanded(branchIds(nodes)),
    collapseAll: () => setExpanded([]),
    chosen,
    choose: setChosenId,
    /** Chooses a row where it sits (its branches open), leaving a new row's form. */
    show: (row: ResourceRow) => {
      setEditing(null);
      reveal(row);
      setChosenId(row.id);
    },
    editing,
    openAdd: (parentId: string | null) => setEditing({ row: null, parentId, initialValues: { ...newValues?.(parentId), [tree.parentField]: parentId } }),
    openEdit: (row: TreeRow) => setEditing({ row, parentId: parentOf(row) }),
    closeForm: () => setEditing(null),
    can,
    parentOf,
    /** After a save: the form closes and the saved row shows where it now sits. */
    saved: (row?: ResourceRow) => {
      onChanged?.();
      setEditing(null);
      if (row) reveal(row);
    },
    /** Deletes a row (the server refuses one with rows under it, and says why); the choice moves up to its parent. */
    remove: async (row: TreeRow): Promise<boolean> => {
      try {
        await remove.mutateAsync([row.id]);
      } catch (error) {
        showFailure(error);
        return false;
      }
      notify.success('删除成功!');
      setEditing((open) => (open?.row?.id === row.id ? null : open));
      if (chosenId === row.id) setChosenId(parentOf(row));
      return true;
    },
    removing: remove.isPending,
  };
}

export type TreeScreen = ReturnType<typeof useTreeScreen>;
