import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@/lib/api-client.ts';
import { loadRuntimeConfig } from '@/config/runtime.ts';
import { requestPermissionsEarly } from '@/features/auth/api/request-permissions-early.ts';
import { releaseHomeFirstPaint } from '@/lib/first-paint-home.ts';
import { inTaskOfItsOwn } from '@/lib/next-task.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { App } from './app/app.tsx';
import { endExpiredSession, showLicencePage } from './app/session-actions.ts';
import './styles/global.css';

const KEPT_HOME_AT_MOST_MS = 15_000;

loadRuntimeConfig().then((config) => {
  configureApiClient(config.apiBaseUrl, { onSessionEnded: endExpiredSession, onLicenceInvalid: showLicencePage });
  // Someone logged in: their menu is asked for now, while the app behind login loads.
  const { token, userInfo } = sessionStore.get();
  if (token && !userInfo?.passwordChangeRequired) requestPermissionsEarly(token);
  // The request, the first render and the PWA each start in a task of their own: together they held a
  // phone's main thread for 40 ms.
  inTaskOfItsOwn(() => {
    const root = createRoot(document.getElementById('root')!);
    // A transition: the first render runs in slices of a few milliseconds, so a slow phone keeps
    // answering taps (the login form of index.html's first paint is usable meanwhile).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
  inTaskOfItsOwn(() => import('./offline/pwa/register.ts').then((pwa) => pwa.startPwa()));
});
// The kept home of index.html's first paint is never left in place of an app that could not take over.
setTimeout(releaseHomeFirstPaint, KEPT_HOME_AT_MOST_MS);
