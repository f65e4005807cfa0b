import type { MenuItem } from '@contract/permissions.ts';
import { fillMenuUrl, IFRAME_COMPONENT, type UrlVariables } from '@/lib/menu-url.ts';

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

/** One entry of the header's menu search: a page to open, or an address for a new browser tab. */
export interface MenuSearchEntry {
  key: string;
  title: string;
  path: string;
  /** External and iframe items open this in a new tab instead of navigating. */
  url?: string;
}

/** The visible pages of the menu (leaves only), for the menu search. */
export function menuSearchEntries(items: readonly MenuItem[], vars: UrlVariables): MenuSearchEntry[] {
  return items.flatMap((item): MenuSearchEntry[] => {
    if (item.children?.length) return menuSearchEntries(item.children, vars);
    const url = externalUrl(item) ?? (item.component === IFRAME_COMPONENT && item.meta.url ? fillMenuUrl(item.meta.url, vars) : undefined);
    if (!url && item.route === '0') return [];
    return [{ key: item.id, title: item.meta.title, path: item.path, ...(url ? { url } : {}) }];
  });
}
