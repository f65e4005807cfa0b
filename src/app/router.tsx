import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading.tsx';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { releaseHomeFirstPaint } from '@/lib/first-paint-home.ts';
import { nextTask } from '@/lib/next-task.ts';
import { useSession } from '@/lib/session-store.ts';
import { decideNavigation } from './navigation.ts';
import { publicRoutes } from './public-routes.tsx';

/**
 * The app behind login, its largest parts evaluated one per task before its own code (the device's
 * store, the record contracts with their schemas, server state): evaluated in one task, they held a
 * phone's main thread for about 100 ms while its home was already showing.
 */
const AuthenticatedApp = lazy(async () => {
  for (const evaluate of [() => import('@/offline/offline-store.ts'), () => import('@contract/records.ts'), () => import('@tanstack/react-query')]) {
    await evaluate();
    await nextTask();
  }
  return import('./authenticated-app.tsx');
});

function GuardedRoutes() {
  const location = useLocation();
  const { token, permissions } = useSession();
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    permissionsLoaded: Boolean(permissions),
    digitalCampus: deployment().digitalCampus,
  });
  // The kept home (src/first-paint.js) is taken over by the home itself; any other page ends it.
  useLayoutEffect(() => {
    if (location.pathname !== paths.workplace) releaseHomeFirstPaint();
  }, [location.pathname]);
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  // A boundary of its own: while the app behind login loads, the router's transition commits this
  // fallback instead of holding on to the redirect that led here (which then would not fire again).
  if (token) {
    return (
      <Suspense fallback={<PageLoading />}>
        <AuthenticatedApp key={token} />
      </Suspense>
    );
  }
  return (
    <Routes>
      {publicRoutes}
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}

/**
 * The first render is a transition in slices (src/main.tsx), so the router exists a while before it
 * listens: an address changed in between (a link tapped, a bookmark opened while the app starts) would
 * be missed, and the page shown would not be the one in the address bar. Once it listens, this catches up.
 */
function CatchUpWithAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== `${location.pathname}${location.search}`) navigate(address, { replace: true });
  }, [location, navigate]);
  return null;
}

export function AppRouter() {
  return (
    <HashRouter>
      <CatchUpWithAddress />
      <Suspense fallback={<PageLoading />}>
        <GuardedRoutes />
      </Suspense>
    </HashRouter>
  );
}
