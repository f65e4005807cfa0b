import type { ReactNode } from 'react';
import type { MenuItem } from '@contract/permissions.ts';
import type { MenuSearchEntry } from './menu-tree.ts';

/** What every layout (desktop, tablet, phone) gets from the shell host. */
export interface LayoutProps {
  menu: MenuItem[];
  /** The menu's pages for the header's search. */
  searchEntries: MenuSearchEntry[];
  /** The current page's title and its chain in the menu, for the title bar and the breadcrumb. */
  title: string;
  chain: MenuItem[];
  homePath: string;
  /** The pages: mounted once by the host and moved into each layout's content area. */
  content: HTMLElement;
  onLogout: () => void;
  /** The user's account actions (dialogs on desktop and tablet, sheets on the phone), from the app. */
  userMenu?: ReactNode;
  /** Extra controls the app puts in the header (bell, dialogs later). */
  headerExtra?: ReactNode;
}
