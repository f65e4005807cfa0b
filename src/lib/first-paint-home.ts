import { local, STORAGE_KEYS } from './storage.ts';

/**
 * The phone's home as it last looked, painted by src/first-paint.js before any JavaScript of the app
 * runs (SPEC-DECISIONS: first load), and taken over by the app once it has rendered the same page.
 * It holds what the home showed (names, counts), so it goes with the session (session-store's clear).
 */
export interface HomeSnapshot {
  /** Whose home it is: shown only to the same login. */
  user: string;
  /** The address it was taken at, the one the app opens on from its bare address. */
  path: string;
  /** The build's entry script: another build's markup goes with another build's first stylesheet. */
  entry: string;
  /**
   * The rules of the stylesheets loaded after the first one (with the lazily loaded pages), in order,
   * and the addresses they came from: placed as they are, with no request, the kept page looks as it did.
   */
  styles: KeptStyles;
  /** The markup. */
  html: string;
}

interface KeptStyles {
  hrefs: string;
  text: string;
}

/** What changes by itself, left out: notes that come and go, the queue count, the PWA prompts. */
const TRANSIENT = '.pwa-toast, .pwa-card, .sync-status';

/** The stylesheets in the page as it arrived (index.html's), which the first paint has already. */
const sheetsAtStart = new Set(typeof document === 'undefined' ? [] : document.querySelectorAll('link[rel="stylesheet"]'));

/**
 * The later stylesheets' rules as text. Writing them out takes a phone over 10 ms, so it is done once
 * per set of stylesheets, and not at all when the kept page has them from the same files.
 */
let stylesText: KeptStyles = { hrefs: '', text: '' };

function laterStyles(kept: HomeSnapshot | null): KeptStyles {
  const sheets = [...document.styleSheets].filter((sheet) => sheet.ownerNode instanceof HTMLLinkElement && !sheetsAtStart.has(sheet.ownerNode));
  const hrefs = sheets.map((sheet) => sheet.href).join(' ');
  if (hrefs !== stylesText.hrefs) {
    stylesText = kept?.styles?.hrefs === hrefs ? kept.styles : { hrefs, text: sheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('')).join('') };
  }
  return stylesText;
}

function entryScript(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * Keeps the page as it is now, until `until` (when the greeting or the date in it would be wrong).
 * Only a built app: `vite` (dev) injects its styles by script, which the kept page could not restore.
 */
export function keepHomeSnapshot({ user, path, until }: { user: string; path: string; until: number }): void {
  const root = document.getElementById('root');
  const entry = entryScript();
  if (!import.meta.env.PROD || !root || !entry || root.childElementCount === 0) return;
  const copy = root.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(TRANSIENT).forEach((node) => node.remove());
  const kept = local.get<HomeSnapshot>(STORAGE_KEYS.homeFirstPaint);
  const snapshot: HomeSnapshot = { user, path, entry, styles: laterStyles(kept), html: copy.innerHTML };
  // Unchanged (the usual start: the app drew what was kept): the same text, true until the same time.
  if (kept && kept.user === user && kept.path === path && kept.entry === entry && kept.styles?.hrefs === snapshot.styles.hrefs && kept.html === snapshot.html) return;
  local.set(STORAGE_KEYS.homeFirstPaint, snapshot, Math.max(0, until - Date.now()));
}

/** The app shows its own page from now on: the kept one goes, and the app's appears in its place. */
export function releaseHomeFirstPaint(): void {
  document.documentElement.classList.remove('first-paint-home');
  document.getElementById('first-paint-home')?.remove();
}

/**
 * Releases the kept home once `page` is in the app's root. A page can render before its layout: the
 * pages render into the shell's content area (src/layouts/shell/shell.tsx), which the layout places
 * when its own file has come, and until then the app shows only 加载中. Returns the cancel.
 */
export function releaseHomeFirstPaintWhenShown(page: Element | null): () => void {
  const root = document.getElementById('root');
  if (!page || !root || root.contains(page)) {
    releaseHomeFirstPaint();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!root.contains(page)) return;
    observer.disconnect();
    releaseHomeFirstPaint();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
