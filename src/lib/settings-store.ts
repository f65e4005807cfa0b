import { useSyncExternalStore } from 'react';
import { local } from './storage.ts';

/** Layout settings of SPEC.md section 3, each kept under its old local-storage key. */
export interface LayoutSettings {
  sidebarOpened: boolean;
  navTheme: 'light' | 'dark';
  layoutMode: 'sidemenu' | 'topmenu';
  primaryColor: string;
  contentWidth: 'Fluid' | 'Fixed';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  colorWeak: boolean;
  multiPage: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  sidebarOpened: true,
  navTheme: 'light',
  layoutMode: 'sidemenu',
  primaryColor: '#3F7ADB',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multiPage: true,
};

const KEYS: Record<keyof LayoutSettings, string> = {
  sidebarOpened: 'SIDEBAR_TYPE',
  navTheme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  primaryColor: 'DEFAULT_COLOR',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  multiPage: 'DEFAULT_MULTI_PAGE',
};

function load(): LayoutSettings {
  const loaded = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(KEYS) as (keyof LayoutSettings)[]) {
    const stored = local.get<LayoutSettings[typeof key]>(KEYS[key]);
    if (stored !== null && typeof stored === typeof DEFAULT_SETTINGS[key]) Object.assign(loaded, { [key]: stored });
  }
  return loaded;
}

let settings = load();
const listeners = new Set<() => void>();

export const settingsStore = {
  get: () => settings,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) {
    settings = { ...settings, [key]: value };
    local.set(KEYS[key], value, null);
    listeners.forEach((l) => l());
  },
};

export const useSettings = () => useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
