import type { TreeRow } from './resource-api.ts';

/** The tree's rows, each with its depth, parents before their children. */
export function flattenTree(nodes: readonly TreeRow[], depth = 0): { node: TreeRow; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children ?? [], depth + 1)]);
}

export const findNode = (nodes: readonly TreeRow[], id: string): TreeRow | null => flattenTree(nodes).find(({ node }) => node.id === id)?.node ?? null;

/** The rows above one, top first; none for a top row or an unknown one. */
export function ancestorsOf(nodes: readonly TreeRow[], id: string): TreeRow[] {
  for (const node of nodes) {
    if (node.id === id) return [];
    const children = node.children ?? [];
    if (findNode(children, id)) return [node, ...ancestorsOf(children, id)];
  }
  return [];
}

/** The row and every row under it: none of them can become its parent. */
export const subtreeIds = (node: TreeRow): Set<string> => new Set(flattenTree([node]).map((f) => f.node.id));

/** The rows that have children: what "expand all" opens. */
export const branchIds = (nodes: readonly TreeRow[]): string[] => flattenTree(nodes).flatMap(({ node }) => (node.children?.length ? [node.id] : []));

/** Whether one of the row's fields holds the word, in any case. */
export const holdsWord = (node: TreeRow, fields: readonly string[], word: string) => fields.some((field) => String(node[field] ?? '').toLowerCase().includes(word.trim().toLowerCase()));

/** The rows whose fields hold the word, flat and in tree order. */
export const matchingNodes = (nodes: readonly TreeRow[], fields: readonly string[], word: string): TreeRow[] =>
  flattenTree(nodes)
    .map(({ node }) => node)
    .filter((node) => holdsWord(node, fields, word));

/** A row's place in the tree as text, top first (信息工程学院 / 软件教研室). */
export const pathOf = (nodes: readonly TreeRow[], node: TreeRow, titleField: string): string => [...ancestorsOf(nodes, node.id), node].map((n) => String(n[titleField] ?? '')).join(' / ');
