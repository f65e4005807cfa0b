type Row = Record<string, unknown>;

/** Where a tree's rows keep their id and their parent's. */
export interface TreeKeys {
  id: string;
  parent: string;
}

/**
 * Rows (in sibling order) as a tree, each node built from its row and its children's nodes. A row whose parent is
 * missing (or is itself) is shown at the top rather than lost, and each row is visited once even if the stored
 * data holds a cycle.
 */
export function nestRows<T>(rows: readonly Row[], keys: TreeKeys, build: (row: Row, children: T[]) => T): T[] {
  const ids = new Set(rows.map((r) => String(r[keys.id])));
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    const parent = row[keys.parent];
    const under = typeof parent === 'string' && parent !== row[keys.id] && ids.has(parent) ? parent : null;
    const siblings = childrenOf.get(under) ?? [];
    siblings.push(row);
    childrenOf.set(under, siblings);
  }
  const visited = new Set<string>();
  const nodes = (parent: string | null): T[] =>
    (childrenOf.get(parent) ?? []).flatMap((row) => {
      const id = String(row[keys.id]);
      if (visited.has(id)) return [];
      visited.add(id);
      return [build(row, nodes(id))];
    });
  return nodes(null);
}

/** The row and every row under it: none of them can become its parent. */
export function selfAndBelow(rows: readonly Row[], keys: TreeKeys, id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      const [rowId, parent] = [String(row[keys.id]), row[keys.parent]];
      if (typeof parent === 'string' && found.has(parent) && !found.has(rowId)) {
        found.add(rowId);
        grew = true;
      }
    }
  }
  return found;
}
