import { ORG_TYPES, type DepartTreeNode, type OrgType } from '@contract/depart.ts';

/** The department tree and the form's values, as plain functions (no React, no UI library). */

export const orgTypeLabel = (value: string) => ORG_TYPES.find((t) => t.value === value)?.label ?? value;

export function findNode(nodes: readonly DepartTreeNode[], id: string): DepartTreeNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The department and every department under it: none of them can become its parent. */
export function selfAndBelow(node: DepartTreeNode): Set<string> {
  const ids = new Set<string>([node.id]);
  const walk = (n: DepartTreeNode) => {
    for (const child of n.children) {
      ids.add(child.id);
      walk(child);
    }
  };
  walk(node);
  return ids;
}

/** The departments above one, top first. */
export function ancestorsOf(nodes: readonly DepartTreeNode[], id: string): DepartTreeNode[] {
  for (const node of nodes) {
    if (node.id === id) return [];
    const below = ancestorsOf(node.children, id);
    if (below.length > 0 || findNode(node.children, id)) return [node, ...below];
  }
  return [];
}

/** Every department with its path (学院 / 系) for a flat chooser, in tree order. */
export function departChoices(nodes: readonly DepartTreeNode[], prefix = ''): { value: string; label: string }[] {
  return nodes.flatMap((n) => {
    const label = prefix ? `${prefix} / ${n.departName}` : n.departName;
    return [{ value: n.id, label }, ...departChoices(n.children, label)];
  });
}

/** The form's fields as the inputs hold them (a phone's number field gives text). */
export interface DepartFormValues {
  departName?: string;
  orgCode?: string;
  orgType?: OrgType;
  parentId?: string | null;
  sortNo?: number | string | null;
}

export const toSortNo = (value: DepartFormValues['sortNo']): number | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  return typeof value === 'number' ? value : Number(value);
};

/** A new department starts as 学校 at the top level and 院系 under another. */
export const newDepartValues = (parentId: string | null): DepartFormValues => ({ parentId, orgType: parentId ? '2' : '1', sortNo: 0 });

export const departValues = (node: DepartTreeNode): DepartFormValues => ({
  departName: node.departName,
  orgCode: node.orgCode,
  orgType: node.orgType as OrgType,
  parentId: node.parentId,
  sortNo: node.sortNo,
});
