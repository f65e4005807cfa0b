import { lazy, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading.tsx';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { useSession } from '@/lib/session-store.ts';
import { decideNavigation } from './navigation.ts';
import { publicRoutes } from './public-routes.tsx';

const AuthenticatedApp = lazy(() => import('./authenticated-app.tsx'));

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

export function AppRouter() {
  return (
    <HashRouter>
      <Suspense fallback={<PageLoading />}>
        <GuardedRoutes />
      </Suspense>
    </HashRouter>
  );
}
