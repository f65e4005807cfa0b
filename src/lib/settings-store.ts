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

/** The primary-colour presets of the theme drawer (SPEC.md section 3), the school blue first. */
export const COLOR_PRESETS: readonly { name: string; color: string }[] = [
  { name: '拂晓蓝（默认）', color: '#3F7ADB' },
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

/** Whether the preset is the primary colour in use (stored colours may differ in letter case). */
export const isPrimaryColor = (settings: LayoutSettings, color: string) => settings.primaryColor.toLowerCase() === color.toLowerCase();

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
  /** Back to the defaults; the stored keys are removed so a later default change reaches this browser. */
  reset() {
    settings = { ...DEFAULT_SETTINGS };
    Object.values(KEYS).forEach((key) => local.remove(key));
    listeners.forEach((l) => l());
  },
};

export const useSettings = () => useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
