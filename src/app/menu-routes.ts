import type { MenuItem } from '@contract/permissions.ts';
import { paths } from '@/config/paths.ts';
import { fillMenuUrl, IFRAME_COMPONENT, type UrlVariables } from '@/lib/menu-url.ts';

/** One route built from the server's menu. */
export interface MenuRoute {
  path: string;
  title: string;
  /** The page to render (a key of the page registry), or null for a redirect. */
  component: string | null;
  redirect?: string;
  /** For iframe pages: the address with its placeholders filled in. */
  frameUrl?: string;
  keepAlive: boolean;
}

const CONTAINERS = new Set(['layouts/RouteView', 'layouts/PageView', 'layouts/TabLayout', 'layouts/BasicLayout']);

/**
 * Flattens the menu into routes: route flag '0' and external links are skipped, containers redirect
 * to their first child (or stay on themselves when alwaysShow), iframe items carry their address.
 */
export function buildMenuRoutes(menu: readonly MenuItem[], vars: UrlVariables): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const visit = (item: MenuItem) => {
    if (item.route === '0' || item.meta.internalOrExternal) return;
    const children = (item.children ?? []).filter((c) => c.route !== '0' && !c.meta.internalOrExternal);
    const base = { path: item.path, title: item.meta.title, keepAlive: Boolean(item.meta.keepAlive) };
    if (item.component === IFRAME_COMPONENT) {
      routes.push({ ...base, component: IFRAME_COMPONENT, frameUrl: fillMenuUrl(item.meta.url ?? '', vars) });
    } else if (CONTAINERS.has(item.component)) {
      const redirect = item.alwaysShow ? undefined : (item.redirect ?? children[0]?.path);
      if (redirect && redirect !== item.path) routes.push({ ...base, component: null, redirect });
    } else if (item.path) {
      routes.push({ ...base, component: item.component });
    }
    children.forEach(visit);
  };
  menu.forEach(visit);
  return routes;
}

/**
 * Where "/" goes and the shell's fixed first tab: the person's own home (工作台) when the menu has it,
 * else the first page. Never the school-wide 分析页, even for whoever may open it.
 */
export function homePath(routes: readonly MenuRoute[]): string {
  const pages = routes.filter((r) => r.component);
  return (pages.find((r) => r.path === paths.workplace) ?? pages[0])?.path ?? paths.notFound;
}
