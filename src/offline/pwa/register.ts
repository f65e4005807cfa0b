import { Workbox } from 'workbox-window';
import { captureInstallPrompt } from './install-prompt.ts';
import { loadingQuiet } from './loading-quiet.ts';
import { inTaskOfItsOwn } from '@/lib/next-task.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { announceOfflineReady, connectWorker, preparationAsked, pwaStore } from './pwa-store.ts';
import { reloadPage } from '@/lib/page-leave.ts';

/**
 * Loaded by main.tsx after the first render (a chunk of its own, with workbox-window): registers the
 * service worker of vite-plugin-pwa once the page's loading has gone quiet, feeds the update prompt,
 * catches the browser's install prompt and asks for persistent storage when a student logs in.
 */
const HOUR_MS = 3_600_000;
/** Focus and visibility come in bursts; one update check per burst is enough. */
const MIN_CHECK_GAP_MS = 5_000;
/** If the new version has not taken over this long after 刷新, reload anyway (drafts are saved by then). */
const RELOAD_FALLBACK_MS = 10_000;

/** Set at build time (VITE_BUILD_ID=… vite build) to tell two builds apart; empty otherwise. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? '';

export function startPwa(): void {
  if (BUILD_ID) document.documentElement.dataset.buildId = BUILD_ID;
  captureInstallPrompt();
  whenStudentLogsIn(() => void import('./persist-storage.ts').then((m) => m.watchStudentStorage()));
  // A task of its own: the page's start is made of short tasks, so a tap is answered between them.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) inTaskOfItsOwn(registerServiceWorker);
}

/** Runs `then` once a student is logged in (now or later): the storage request loads only for them. */
function whenStudentLogsIn(then: () => void): void {
  let done = false;
  const check = () => {
    const { token, userInfo } = sessionStore.get();
    if (done || !token || userInfo?.yhlx !== '1') return;
    done = true;
    unsubscribe();
    then();
  };
  const unsubscribe = sessionStore.subscribe(check);
  check();
}

async function registerServiceWorker(): Promise<void> {
  const scope = import.meta.env.BASE_URL;
  const sw = navigator.serviceWorker;
  // Whether this browser had a version before this page: then a new controller means a new version;
  // if not, the first one has just finished installing. A reload during the first install has no
  // controller either, hence the registration's active worker. Asked before anything is awaited, so
  // that a version taking over while this page starts up is judged right.
  const hadVersion = sw.controller
    ? Promise.resolve(true)
    : sw.getRegistration(scope).then(
        (registration) => Boolean(registration?.active),
        () => false,
      );
  // An installed version keeps the app's files even when it does not control this page (a hard reload).
  void hadVersion.then((had) => had && pwaStore.set({ shellCached: true }));
  let reloadOnControl = false;
  let firstInstallSeen = false;

  sw.addEventListener('controllerchange', () => {
    if (reloadOnControl) return reloadPage();
    void hadVersion.then((had) => {
      // Another tab accepted a new version: this page runs the old one, so it asks for 刷新 as well.
      if (had || firstInstallSeen) return pwaStore.set({ needRefresh: true });
      // The first version controls this page now (clientsClaim): everything is cached. config.json
      // was fetched before the worker existed; fetch it once through it for an offline start.
      firstInstallSeen = true;
      pwaStore.set({ shellCached: true });
      announceOfflineReady();
      void fetch(`${scope}config.json`, { cache: 'no-cache' }).catch(() => undefined);
    });
  });

  const wb = new Workbox(`${scope}sw.js`, { scope });
  // A new version finished installing (found by this page or another tab): offer 刷新.
  wb.addEventListener('waiting', () => pwaStore.set({ needRefresh: true }));

  // The first install fetches the whole app (some 370 files), and an update check may too: not while
  // a phone is still fetching the page's own files and data. Installing at once gave the student's home
  // 200–630 ms of Lighthouse's blocking time on 2 cores, against 20–190 ms when it waits. A screen about to
  // queue a record does not wait: its 提交 is held until the files are kept.
  await Promise.race([loadingQuiet(), preparationAsked]);
  const reg = await wb.register().catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
    return undefined;
  });
  // No worker will keep the files: records are not held back for one that will never come.
  if (!reg) return pwaStore.set({ shellCached: true });

  // A version still installing when this page registered (found by the page before a reload) gets
  // no 'waiting' from workbox-window here: watch it directly.
  const installing = reg.installing;
  if (installing && reg.active) {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && reg.waiting === installing) pwaStore.set({ needRefresh: true });
    });
  }

  connectWorker({
    activateWaiting() {
      if (!reg.waiting) return reloadPage();
      reloadOnControl = true;
      wb.messageSkipWaiting();
      setTimeout(reloadPage, RELOAD_FALLBACK_MS);
    },
  });

  let lastCheck = 0;
  const checkForUpdate = () => {
    if (Date.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = Date.now();
    // Offline or a captive portal: the next check tries again.
    wb.update().catch(() => undefined);
  };
  // iOS home-screen apps resume without a navigation, so nothing else would look for a new sw.js.
  checkForUpdate();
  setInterval(() => {
    checkForUpdate();
    if (reg.waiting) pwaStore.set({ needRefresh: true });
  }, HOUR_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  window.addEventListener('focus', checkForUpdate);
}
