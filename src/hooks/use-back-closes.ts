import { useEffect, useRef } from 'react';

/**
 * On the phone an open sheet or dialog is one step of the browser's history: the back button (Android's,
 * a swipe) closes it instead of leaving the page, and going to another page closes it. Every antd-mobile
 * sheet of the phone layout goes through this (src/components/sheet/popup.tsx wraps Popup with it).
 *
 * Opening pushes an entry with the router's own state (the same page and index) plus the sheet's id;
 * back pops it and the sheet closes. A sheet closed another way (its button, the mask) takes its entry
 * back out, so back then leaves the page as usual.
 */
const SHEET_KEY = 'phoneSheet';

interface OpenSheet {
  /** The page (hash route path) the sheet was opened on. */
  path: string;
  close: () => void;
}
const open = new Map<string, OpenSheet>();
let nextId = 1;

const sheetOf = (state: unknown): string | undefined => (state && typeof state === 'object' ? ((state as Record<string, unknown>)[SHEET_KEY] as string | undefined) : undefined);
const currentPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    const id = sheetOf(window.history.state);
    // Back from a page a sheet led to lands on the entry of a sheet closed since: step over it.
    if (id && !open.has(id)) window.history.back();
  });
}

/**
 * The entry of a sheet closed by its button is being taken out (history.back() answers a moment later).
 * A sheet opened meanwhile (the drawer closing as an account sheet opens) pushes its own only after it.
 */
let takingOut: Promise<void> | null = null;
function takeOut() {
  takingOut = new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      takingOut = null;
      resolve();
    };
    window.addEventListener('popstate', done);
  });
  window.history.back();
}

/**
 * Runs `then` once a sheet just closed has taken its entry out: a page that also rewrites its address
 * on closing (replace) rewrites its own entry, not the sheet's.
 */
export function afterSheetClosed(then: () => void): void {
  window.setTimeout(() => (takingOut ? void takingOut.then(then) : then()));
}

/** The shell calls this as the page changes: the sheets opened on another page close. */
export function closeSheetsAwayFrom(path: string): void {
  for (const sheet of [...open.values()]) if (sheet.path !== path) sheet.close();
}

/**
 * Makes something open (a sheet, a dialog) one history entry until the returned release is called: back
 * calls `close`, as does going to another page. Release when it closes by other means (its button).
 */
export function holdBackEntry(close: () => void): () => void {
  const id = `${nextId++}`;
  let pushed = false;
  let popped = false;
  let released = false;
  const onPop = () => {
    // Still this entry (a sheet opened over it was closed): it stays open.
    if (sheetOf(window.history.state) === id) return;
    popped = true;
    close();
  };
  const push = () => {
    if (released) return;
    pushed = true;
    open.set(id, { path: currentPath(), close });
    window.history.pushState({ ...(window.history.state as object | null), [SHEET_KEY]: id }, '');
    window.addEventListener('popstate', onPop);
  };
  // A task later, so that React's development double mount does not push two entries.
  const timer = window.setTimeout(() => (takingOut ? void takingOut.then(push) : push()));
  return () => {
    if (released) return;
    released = true;
    window.clearTimeout(timer);
    window.removeEventListener('popstate', onPop);
    open.delete(id);
    if (pushed && !popped && sheetOf(window.history.state) === id) takeOut();
  };
}

/** Makes an open sheet one history entry: back closes it (calls `close`), as does going to another page. */
export function useBackCloses(visible: boolean, close: (() => void) | undefined): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  const closable = Boolean(close);
  useEffect(() => {
    if (!visible || !closable) return;
    return holdBackEntry(() => latest.current?.());
  }, [visible, closable]);
}
