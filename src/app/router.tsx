import { lazy, Suspense, useEffect, useMemo } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { UserPermissions } from '@contract/permissions.ts';
import { IframePage } from '@/components/iframe-page.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { paths } from '@/config/paths.ts';
import { deployment, runtimeConfig } from '@/config/runtime.ts';
import { userPermissionsQuery } from '@/features/auth/api/get-user-permissions.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { sessionStore, useSession } from '@/lib/session-store.ts';
import { buildMenuRoutes, homePath, type MenuRoute } from './menu-routes.ts';
import { decideNavigation } from './navigation.ts';
import { PAGE_REGISTRY } from './page-registry.ts';
import { logoutAndLeave } from './session-actions.ts';

const LoginPage = lazy(() => import('@/features/auth/pages/login.tsx'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register.tsx'));
const RegisterResultPage = lazy(() => import('@/features/auth/pages/register-result.tsx'));
const RetrievePage = lazy(() => import('@/features/auth/pages/retrieve.tsx'));
const AlterationPage = lazy(() => import('@/features/auth/pages/alteration.tsx'));
const NotFoundPage = lazy(() => import('@/features/exception/pages/not-found.tsx'));
const SysInfoPage = lazy(() => import('@/features/system-info/pages/sys-info.tsx'));
const PlainLayout = lazy(() => import('@/layouts/plain-layout.tsx'));

/** Fetches the menu and permissions once per page load; a failure logs the user out to the login page. */
function PermissionLoader({ token }: { token: string }) {
  const navigate = useNavigate();
  const { data, isError } = useQuery(userPermissionsQuery(token));
  useEffect(() => {
    if (data) sessionStore.savePermissions(data);
  }, [data]);
  useEffect(() => {
    if (!isError || !sessionStore.get().token) return;
    sessionStore.clear();
    navigate(paths.login, { replace: true });
  }, [isError, navigate]);
  return <PageLoading text="正在加载菜单" />;
}

function MenuPage({ route }: { route: MenuRoute }) {
  usePageTitle(route.title);
  if (route.frameUrl) return <IframePage url={route.frameUrl} title={route.title} />;
  const Page = route.component ? PAGE_REGISTRY[route.component] : undefined;
  if (!Page) return <NotFoundPage />;
  return <Page />;
}

function AuthenticatedRoutes({ permissions }: { permissions: UserPermissions }) {
  const { token, userInfo } = useSession();
  const routes = useMemo(() => {
    const { apiBaseUrl, deployment: code } = runtimeConfig();
    return buildMenuRoutes(permissions.menu, { token: token ?? '', username: userInfo?.username ?? '', realname: userInfo?.realname ?? '', apiBaseUrl, deployment: code });
  }, [permissions.menu, token, userInfo?.username, userInfo?.realname]);
  return (
    <Routes>
      <Route element={<PlainLayout menu={permissions.menu} onLogout={logoutAndLeave} />}>
        {routes.map((route) =>
          route.component ? (
            <Route key={route.path} path={route.path} element={<MenuPage route={route} />} />
          ) : (
            <Route key={route.path} path={route.path} element={<Navigate to={route.redirect!} replace />} />
          ),
        )}
      </Route>
      <Route path="/" element={<Navigate to={homePath(routes)} replace />} />
      {publicRoutes}
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}

const publicRoutes = [
  <Route key="auth" element={<AuthLayout />}>
    <Route path={paths.login} element={<LoginPage />} />
    <Route path={paths.register} element={<RegisterPage />} />
    <Route path={paths.registerResult} element={<RegisterResultPage />} />
    <Route path={paths.retrieve} element={<RetrievePage />} />
    <Route path={paths.alteration} element={<AlterationPage />} />
  </Route>,
  <Route key="user" path="/user" element={<Navigate to={paths.login} replace />} />,
  <Route key="404" path={paths.notFound} element={<NotFoundPage />} />,
  <Route key="sys-info" path={paths.sysInfo} element={<SysInfoPage />} />,
];

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
  if (decision.type === 'load-permissions') return <PermissionLoader token={token!} />;
  if (permissions) return <AuthenticatedRoutes permissions={permissions} />;
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
