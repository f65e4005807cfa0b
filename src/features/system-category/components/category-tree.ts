import type { CategoryTreeNode } from '@contract/category.ts';

/** The node's id and those of every node under it: what cannot be its new parent. */
export function subtreeIds(nodes: readonly CategoryTreeNode[], id: string): Set<string> {
  const ids = new Set<string>();
  const collect = (node: CategoryTreeNode) => {
    ids.add(node.id);
    node.children.forEach(collect);
  };
  const find = (list: readonly CategoryTreeNode[]): boolean =>
    list.some((node) => {
      if (node.id !== id) return find(node.children);
      collect(node);
      return true;
    });
  find(nodes);
  return ids;
}

/** Every node with its depth, parents before their children (a flat chooser that shows the tree by indent). */
export function flattenTree(nodes: readonly CategoryTreeNode[], depth = 0): { node: CategoryTreeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}

/** The ids of nodes that have children. */
export const parentIds = (nodes: readonly CategoryTreeNode[]): string[] => flattenTree(nodes).flatMap(({ node }) => (node.children.length > 0 ? [node.id] : []));

export const findNode = (nodes: readonly CategoryTreeNode[], id: string): CategoryTreeNode | undefined => flattenTree(nodes).find(({ node }) => node.id === id)?.node;
