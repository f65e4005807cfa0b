/**
 * The rules of the multi-page tabs (SPEC.md section 4), as pure functions over the list of open tabs.
 * The home tab is always first and cannot be closed; the last tab cannot be closed either.
 */
export interface Tab {
  /** The page's path: one tab per page. */
  key: string;
  title: string;
  /** Where the tab is now, path plus search (a list's search and page), when it has a search. */
  address?: string;
}

/** Where choosing a tab goes: back to the list as it was left. */
export const tabAddress = (tab: Tab) => tab.address ?? tab.key;

export interface TabsState {
  tabs: Tab[];
  active: string;
}

export const HOME_CLOSE_MESSAGE = '首页不能关闭!';
export const LAST_CLOSE_MESSAGE = '这是最后一页，不能再关闭了啦';

export type TabsResult = { state: TabsState; refused?: string };

/** Opens a tab for the address, or moves to it. With multi-page off only the current page is kept. */
export function openTab(state: TabsState, tab: Tab, home: Tab, multiPage: boolean): TabsState {
  if (!multiPage) return { tabs: [tab], active: tab.key };
  const withHome = state.tabs.some((t) => t.key === home.key) ? state.tabs : [home, ...state.tabs];
  const existing = withHome.find((t) => t.key === tab.key);
  const tabs = existing ? withHome.map((t) => (t.key === tab.key ? { ...t, title: tab.title || t.title, address: tab.address } : t)) : [...withHome, tab];
  return { tabs, active: tab.key };
}

export function closeTab(state: TabsState, key: string, homeKey: string): TabsResult {
  if (key === homeKey) return { state, refused: HOME_CLOSE_MESSAGE };
  if (state.tabs.length <= 1) return { state, refused: LAST_CLOSE_MESSAGE };
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return { state };
  const tabs = state.tabs.filter((t) => t.key !== key);
  const active = state.active === key ? (tabs[index - 1] ?? tabs[index] ?? tabs[0]!).key : state.active;
  return { state: { tabs, active } };
}

/** Closes the tabs on one side of `key` (or all others); the home tab always stays. */
export function closeTabs(state: TabsState, key: string, side: 'left' | 'right' | 'others', homeKey: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  const keep = state.tabs.filter((t, i) => t.key === homeKey || t.key === key || (side === 'left' ? i > index : side === 'right' ? i < index : false));
  const active = keep.some((t) => t.key === state.active) ? state.active : key;
  return { tabs: keep, active };
}
