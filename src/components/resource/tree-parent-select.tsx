import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { ResourceDescription } from '@contract/resource.ts';
import { treeOf, useResourceTree, type TreeRow } from './resource-api.ts';
import { findNode, subtreeIds } from './tree-nodes.ts';

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children?: ParentOption[];
}

export interface TreeParentInputProps {
  resource: ResourceDescription;
  /** The row being edited: it and the rows under it cannot be its parent. */
  selfId?: string;
  placeholder?: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}

/** The parent input of a tree resource's form (antd): the tree to choose from, never the row itself, those under it or a leaf; cleared is the top. */
export function TreeParentSelect({ resource, selfId, placeholder, id, value, onChange, disabled }: TreeParentInputProps) {
  const tree = useResourceTree(resource);
  const { leaf } = treeOf(resource);
  const options = useMemo(() => {
    const nodes = tree.data ?? [];
    const self = selfId ? findNode(nodes, selfId) : null;
    const excluded = self ? subtreeIds(self) : new Set<string>();
    const toOptions = (rows: readonly TreeRow[]): ParentOption[] =>
      rows
        .filter((row) => !leaf?.when(row))
        .map((row) => {
          const children = toOptions(row.children ?? []);
          return { value: row.id, title: String(row[resource.titleField] ?? ''), disabled: excluded.has(row.id), ...(children.length > 0 ? { children } : {}) };
        });
    return toOptions(nodes);
  }, [tree.data, selfId, leaf, resource.titleField]);
  return (
    <TreeSelect<string | undefined>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={options}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      listHeight={320}
      notFoundContent={`暂无${resource.title}`}
      style={{ width: '100%' }}
    />
  );
}
