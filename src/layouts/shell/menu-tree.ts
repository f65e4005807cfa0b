import type { MenuItem } from '@contract/permissions.ts';

/** The menu as shown: hidden items and their children left out. */
export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((i) => !i.hidden).map((i) => (i.children ? { ...i, children: visibleMenu(i.children) } : i));
}

/** The items from the root down to the one for `path` (empty when no item has it). */
export function menuChain(items: readonly MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = menuChain(item.children ?? [], path);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/** An external link opens in a new tab; everything else is an in-app address. */
export const externalUrl = (item: MenuItem): string | null => (item.meta.internalOrExternal && item.meta.url ? item.meta.url : null);
