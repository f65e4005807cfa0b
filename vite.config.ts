import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkModulesReport } from './scripts/vite-chunk-modules.ts';
import { firstPaintScript } from './scripts/vite-first-paint.ts';
import { precompressBuild } from './scripts/vite-precompress.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const { version } = JSON.parse(readFileSync(r('./package.json'), 'utf8')) as { version: string };
const BASE = '/teacher/';

/**
 * The installable app (issue 4): a generated service worker precaches the whole built shell (the
 * desktop's antd chunks too, so both layouts start offline) and waits for the user's 刷新 before a new
 * version takes over (src/offline/pwa/). The page registers it itself (injectRegister false). API
 * answers never go through a cache of the worker; only /teacher/config.json is kept, network first.
 */
const pwa = VitePWA({
  disable: Boolean(process.env.VITEST),
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  base: BASE,
  scope: BASE,
  // The icons are in the glob below already.
  includeManifestIcons: false,
  manifest: {
    id: BASE,
    name: '实习实训管理服务平台',
    short_name: '实习实训',
    // Names only what the app holds (its record kinds and flows): there is no 日志 to promise.
    description: '职业院校实习实训管理：实习计划、周记与月报、签到与请假、批阅与通知，手机和电脑都能用。',
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: BASE,
    scope: BASE,
    display: 'standalone',
    theme_color: '#3F7ADB',
    background_color: '#ffffff',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // index.html answers the app's two HTML addresses (hash routes), with or without a query (CAS ?ticket=).
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [/^\/teacher\/(index\.html)?(\?.*)?$/],
    // The first visit is controlled at once, so it works offline without a second visit.
    clientsClaim: true,
    // A waiting version takes over only when the user says 刷新 (SKIP_WAITING from workbox-window).
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Serialised into sw.js as written: no outer variables here.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/teacher/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'runtime-config', networkTimeoutSeconds: 4, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
});

/**
 * react-router publishes its build with development warnings as the default export; they run on every
 * render of its routes. The app takes its production build (the same code with the warnings off) when built.
 */
const productionRouter = process.env.NODE_ENV === 'production' || process.argv.includes('build');
const routerBuild = productionRouter
  ? [
      { find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: r('./node_modules/react-router/dist/production/dom-export.mjs') },
    ]
  : [];

/**
 * What the phone's shell and home draw with, in one file of its own (phone-ui): antd-mobile's base,
 * the components they use, what those animate and drag with, and the icons. The rest of antd-mobile
 * (forms, lists, pickers) is another file (phone-ui-more), loaded by the pages that use it.
 */
const PHONE_UI = new RegExp(
  [
    String.raw`node_modules[\\/](antd-mobile-icons|@react-spring|@use-gesture|ahooks|staged-components)[\\/]`,
    String.raw`node_modules[\\/]antd-mobile[\\/]es[\\/](global|locales|utils)[\\/]`,
    String.raw`node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](config-provider|safe-area|mask|popup|center-popup|auto-center|dialog|button|dot-loading|spin-loading|input|search-bar|badge|tabs|nav-bar|image)[\\/]`,
  ].join('|'),
);

/**
 * The app's own files a phone's home loads after the first load, grouped: by default each module
 * shared by two lazily loaded pages becomes a file of its own, and the home asked for some thirty of
 * them, many under 1 KB. Each costs a request, and each request the main thread, the browser and the
 * server CPU; under Lighthouse, whose network recording adds to each, the home's median score went
 * from 77 to 88 (six runs each, the same machine) when 42 script files became 24. Only modules without
 * effects at evaluation (definitions), so a group evaluated earlier than its first use changes nothing.
 * budget.spec counts the files, so a list that falls behind the code is noticed.
 */
const HOME_GROUPS = [
  // The installable app's registration and install prompt (every page loads it, the login page too).
  { name: 'pwa', test: /[\\/]src[\\/]offline[\\/]pwa[\\/](register|install-prompt)\.ts$/ },
  // The contracts (codes, labels, lazily built schemas) the home's tiles and lists read.
  { name: 'home-contracts', test: /[\\/]contract[\\/](lazy-schema|patterns|device-time|order|practice-booking|workflow|permissions|interactions|log|resource|announcement|internship|records)\.ts$/ },
  // The device's store and outbox, and what both layouts, the home and other pages share.
  {
    name: 'home-shared',
    test: /[\\/]src[\\/](offline[\\/](bare-db|db-name|offline-store|outbox|sync-rules|sync-engine|kept-file|use-queued-entries|pwa[\\/]install-hint|pwa[\\/]install-decision)|layouts[\\/]shell[\\/](content-slot|menu-tree)|lib[\\/](greeting|reduced-motion|format|uuid)|components[\\/]page-link|hooks[\\/](use-permission|use-announcement-lists|use-sheet-once-opened)|features[\\/]announcement[\\/](api[\\/]mark-announcement-read|utils[\\/]notice-rules|hooks[\\/]use-notice-bell))\.tsx?$/,
  },
  // The phone's layout with its bar and notice entry. Last: a group takes in what its modules import
  // that no group before it took, and the desktop, which never loads this file, shares those.
  { name: 'phone-layout', test: /[\\/]src[\\/](layouts[\\/]shell[\\/]phone-shell|components[\\/]phone-nav-bar[\\/]phone-nav-bar|features[\\/]announcement[\\/]components[\\/](phone-notice-entry|bell-icon))\.tsx$/ },
].map((group) => ({ ...group, priority: 1 }));

export default defineConfig({
  base: BASE,
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), firstPaintScript(), chunkModulesReport(), pwa, precompressBuild()],
  resolve: {
    alias: [{ find: '@', replacement: r('./src') }, { find: '@contract', replacement: r('./contract') }, ...routerBuild],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // What the entry imports statically loads at every start anyway: in two files (React, and the
        // rest) instead of twenty, since each file costs a phone a round trip on the server's HTTP/1.1.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 5 },
            { name: 'start', tags: ['$initial'], priority: 4 },
            // Behind login, a library in one file each rather than split by the pages that use it:
            // the phone's home loaded about 100 files, and each file costs its main thread about a
            // millisecond to ask for, on top of the round trips. The phone's antd-mobile (with what
            // it draws and moves with) in one; each large library in one of its own, so the app can
            // evaluate them one per task (src/app/router.tsx).
            // The helpers antd-mobile shares with antd stay out of the phone's file (a group takes in
            // what its modules import), so the desktop never loads the phone's UI.
            { name: 'ui-helpers', test: /node_modules[\\/](@babel[\\/]runtime|rc-util|classnames|lodash|react-is|resize-observer-polyfill|use-sync-external-store)[\\/]/, priority: 3 },
            { name: 'phone-ui', test: PHONE_UI, priority: 2 },
            { name: 'phone-ui-more', test: /node_modules[\\/]antd-mobile[\\/]es[\\/](?!index\.js$)/, priority: 1 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/, priority: 1 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            ...HOME_GROUPS,
          ],
        },
      },
    },
  },
});
