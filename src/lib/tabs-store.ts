import { useSyncExternalStore } from 'react';
import { closeTab, closeTabs, openTab, type Tab, type TabsState } from './tabs.ts';

/** The open tabs, kept in session storage so they survive a reload (the old system lost them). */
const STORAGE_KEY = 'MULTI_TAB_STATE';
const EMPTY: TabsState = { tabs: [], active: '' };

function load(): TabsState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as TabsState | null;
    return stored && Array.isArray(stored.tabs) ? stored : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state = load();
/** Bumped to remount a tab's page (刷新). */
let generations: Record<string, number> = {};
const listeners = new Set<() => void>();

function update(next: TabsState) {
  state = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Session storage unavailable: tabs still work for this page load.
  }
  listeners.forEach((l) => l());
}

export const tabsStore = {
  get: () => state,
  generation: (key: string) => generations[key] ?? 0,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(tab: Tab, home: Tab, multiPage: boolean) {
    const next = openTab(state, tab, home, multiPage);
    if (next.active !== state.active || next.tabs.length !== state.tabs.length || next.tabs.some((t, i) => t.title !== state.tabs[i]?.title || t.address !== state.tabs[i]?.address)) update(next);
  },
  /** Returns the refusal message, if the rules refuse. */
  close(key: string, homeKey: string): string | undefined {
    const result = closeTab(state, key, homeKey);
    if (!result.refused) update(result.state);
    return result.refused;
  },
  closeSide(key: string, side: 'left' | 'right' | 'others', homeKey: string) {
    update(closeTabs(state, key, side, homeKey));
  },
  refresh(key: string) {
    generations = { ...generations, [key]: (generations[key] ?? 0) + 1 };
    update({ ...state });
  },
  reset() {
    generations = {};
    update(EMPTY);
  },
};

export const useTabs = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get);
