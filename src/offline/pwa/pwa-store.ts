import { useSyncExternalStore } from 'react';
import { notify } from '@/components/notification/notification-store.ts';
import { reloadPage } from '@/lib/page-leave.ts';
import { local } from '@/lib/storage.ts';

/**
 * The app's side of the service worker, small enough for the first load: what the update prompt
 * shows, and the hooks that run before an update reloads the page. register.ts (loaded after the
 * first render) connects the worker; this module never imports workbox-window.
 */
export interface PwaState {
  /** A new version is installed and waits for the user's 刷新. */
  needRefresh: boolean;
  /** The first version was installed: the app now starts without a network. */
  offlineReady: boolean;
  /** 刷新 was clicked: saving unsaved input, then switching versions. */
  updating: boolean;
  /**
   * The app's files are kept by the service worker, so the app starts without a network. Until then no
   * record is queued (正在准备离线使用): a reload offline would show the browser's offline page, not the record.
   */
  shellCached: boolean;
}

/** Without a worker to wait for (development, tests, a browser without service workers), nothing is held back. */
const cachedAtStart = () => !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || Boolean(navigator.serviceWorker.controller);

/** How long one before-reload hook may take before the update is called off. */
export const BEFORE_RELOAD_TIMEOUT_MS = 8000;
export const UPDATE_SAVE_FAILED_MESSAGE = '未能保存正在填写的内容，暂不刷新。请稍后再试。';

let state: PwaState = { needRefresh: false, offlineReady: false, updating: false, shellCached: cachedAtStart() };
const listeners = new Set<() => void>();

export const pwaStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  set(next: Partial<PwaState>) {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  },
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}

/** Whether a record may be queued yet (see PwaState.shellCached). */
export const useShellCached = () => usePwaState().shellCached;

let askedToPrepare: () => void = () => undefined;
/** Resolves once a screen that queues records is open while the app's files are not kept yet. */
export const preparationAsked = new Promise<void>((resolve) => {
  askedToPrepare = resolve;
});
/** A record is about to be written: the worker is installed now, not once the page has gone quiet. */
export const prepareOffline = () => askedToPrepare();

/** localStorage, without expiry: 已可离线使用 was said on this installation. */
export const OFFLINE_READY_SHOWN_KEY = 'PWA_OFFLINE_READY_SHOWN';

/**
 * The first version finished installing: 已可离线使用, once per installation. A browser that dropped the
 * worker but kept the site's storage installs again without telling anyone; clearing the site's data
 * starts a new installation, and the note comes once more.
 */
export function announceOfflineReady(): void {
  if (local.get<boolean>(OFFLINE_READY_SHOWN_KEY) === true) return;
  local.set(OFFLINE_READY_SHOWN_KEY, true, null);
  pwaStore.set({ offlineReady: true });
}

/** What register.ts lends this module once the worker is registered. */
export interface WorkerControls {
  /** Tells the waiting version to take over; the page reloads when it controls. */
  activateWaiting(): void;
}

let worker: WorkerControls | null = null;
export function connectWorker(controls: WorkerControls | null): void {
  worker = controls;
}

type BeforeReload = () => Promise<void>;
const beforeReload = new Set<BeforeReload>();

/**
 * Runs `fn` (e.g. flush the form drafts to IndexedDB) before an accepted update reloads the page.
 * If it fails or takes longer than BEFORE_RELOAD_TIMEOUT_MS, the page is not reloaded. Returns the
 * function that removes the hook.
 */
export function onBeforeUpdateReload(fn: BeforeReload): () => void {
  beforeReload.add(fn);
  return () => {
    beforeReload.delete(fn);
  };
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`before-reload hook took longer than ${ms} ms`)), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function runBeforeReloadHooks(): Promise<void> {
  await Promise.all([...beforeReload].map((fn) => withTimeout(Promise.resolve().then(fn), BEFORE_RELOAD_TIMEOUT_MS)));
}

/** 刷新: saves what the hooks save, then lets the new version take over (the page reloads then). */
export async function applyUpdate(reload: () => void = reloadPage): Promise<boolean> {
  if (state.updating) return false;
  pwaStore.set({ updating: true });
  try {
    await runBeforeReloadHooks();
  } catch (error) {
    console.warn('Update postponed: a before-reload hook failed', error);
    pwaStore.set({ updating: false });
    notify.warning(UPDATE_SAVE_FAILED_MESSAGE);
    return false;
  }
  if (worker) worker.activateWaiting();
  else reload();
  return true;
}

/** 稍后: the prompt goes away; it comes back at the next start or the next hourly check. */
export function dismissUpdate(): void {
  pwaStore.set({ needRefresh: false });
}
