import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useLayoutEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { UserPermissions } from '@contract/permissions.ts';
import { devicePage } from '@/components/device-page.tsx';
import { IframePage } from '@/components/iframe-page.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { paths } from '@/config/paths.ts';
import { runtimeConfig } from '@/config/runtime.ts';
import { useOpenAccountDialog } from '@/features/account/components/account-dialog-store.ts';
import { userPermissionsQuery } from '@/features/auth/api/get-user-permissions.ts';
import { registerRecordReplayers } from '@/features/internship/api/submit-record.ts';
import { registerVisitReplayer } from '@/features/visit/api/visit-api.ts';
import { deviceFor } from '@/hooks/use-device.ts';
import { useSheetOnceOpened } from '@/hooks/use-sheet-once-opened.ts';
import { ApiError } from '@/lib/api-client.ts';
import { connectivity } from '@/lib/connectivity.ts';
import { releaseHomeFirstPaint } from '@/lib/first-paint-home.ts';
import { inTaskOfItsOwn } from '@/lib/next-task.ts';
import { sessionStore, useSession } from '@/lib/session-store.ts';
import { PERSIST_MAX_AGE, persistQueries, restoreQueries } from '@/offline/query-persister.ts';
import { flushDrafts } from '@/offline/drafts.ts';
import { onBeforeUpdateReload } from '@/offline/pwa/pwa-store.ts';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { startSync } from '@/offline/sync-engine.ts';
import { OfflineIndicator, SyncStatus } from '@/offline/sync-status.tsx';
import { buildMenuRoutes, homePath, type MenuRoute } from './menu-routes.ts';
import { pageOf } from './page-registry.ts';
import { NotFoundPage, publicRoutes } from './public-routes.tsx';
import { logoutAndLeave } from './session-actions.ts';

const loadShell = () => import('@/layouts/shell/shell.tsx');
const Shell = lazy(loadShell);
// Fetched while the menu loads (src/main.tsx asks for it early), not after it: the shell (which
// starts on its layout for this screen), the page most starts land on and the notice bell for this
// screen. Each asked for in a task of its own: adding their files' preload links takes a phone tens
// of milliseconds, which would otherwise add to the task rendering them.
inTaskOfItsOwn(loadShell);
if (['', '/', paths.workplace].includes(window.location.hash.replace(/^#/, '').split('?')[0])) inTaskOfItsOwn(() => import('@/features/dashboard/pages/workplace.tsx'));
const loadNoticeBell = () => import('@/features/announcement/components/notice-bell.tsx');
const loadPhoneNoticeEntry = () => import('@/features/announcement/components/phone-notice-entry.tsx');
inTaskOfItsOwn(deviceFor(window.innerWidth) === 'phone' ? loadPhoneNoticeEntry : loadNoticeBell);
const InitialPassword = devicePage({
  desktop: () => import('@/features/account/components/initial-password-desktop.tsx'),
  phone: () => import('@/features/account/components/initial-password-phone.tsx'),
  shared: () => import('@/features/account/components/initial-password.ts').then((m) => m.useInitialPassword),
});

// Each record kind the outbox can send, known before any page loads, so a restart resumes them.
registerRecordReplayers();
registerVisitReplayer();
// react-query takes the device for online until an event says otherwise: an offline start ran every read,
// failed it, and never ran it again when the network came back. It starts from what the browser says.
onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(connectivity.online());
  update();
  return connectivity.subscribe(update);
});
// An app update reloads the page only after the forms have saved their last keystrokes.
onBeforeUpdateReload(flushDrafts);
const NoticeBell = lazy(loadNoticeBell);
const PhoneNoticeEntry = lazy(loadPhoneNoticeEntry);

/** The account actions for each layout: the antd user menu on desktop, antd-mobile sheets on the phone. */
const UserMenu = lazy(() => import('@/features/account/components/user-menu.tsx'));
const PhoneAccount = lazy(() => import('@/features/account/components/phone-account.tsx'));
const PhoneAccountSheets = lazy(() => import('@/features/account/components/phone-account.tsx').then((m) => ({ default: m.PhoneAccountSheets })));

/**
 * The phone's account sheets (their forms are most of what the phone's pages would otherwise load
 * with the first page) load with the first account dialog opened, and stay mounted from then on.
 */
function PhoneAccountSheetsOnceOpened({ onLogout }: { onLogout: () => void }) {
  const { mounted } = useSheetOnceOpened(useOpenAccountDialog() !== null);
  return mounted ? <PhoneAccountSheets onLogout={onLogout} /> : null;
}
const USER_MENU = {
  desktop: (
    <Suspense fallback={null}>
      <UserMenu onLogout={logoutAndLeave} />
    </Suspense>
  ),
  phone: (
    <Suspense fallback={null}>
      <PhoneAccount />
    </Suspense>
  ),
};

/**
 * The records waiting to sync, the notice bell for each layout and, on the phone, the account sheets
 * (always mounted, so a dialog open when the layout switches stays open), loaded with the layout they
 * belong to (the phone never loads antd).
 */
const HEADER_EXTRA = {
  desktop: (
    <>
      <OfflineIndicator />
      <SyncStatus />
      <Suspense fallback={null}>
        <NoticeBell />
      </Suspense>
    </>
  ),
  phone: (
    <>
      <OfflineIndicator />
      <SyncStatus />
      <Suspense fallback={null}>
        <PhoneNoticeEntry />
        <PhoneAccountSheetsOnceOpened onLogout={logoutAndLeave} />
      </Suspense>
    </>
  ),
};

/**
 * Fetches the menu and permissions once per page load (offline: the menu kept on the device). A
 * refusal logs the user out to the login page; no network and no kept menu asks to try again.
 */
function PermissionLoader({ token }: { token: string }) {
  const navigate = useNavigate();
  const { data, error, isFetching, refetch } = useQuery(userPermissionsQuery(token));
  const offline = error instanceof ApiError && error.unreached;
  useEffect(() => {
    if (data && !isFetching) sessionStore.savePermissions(data);
  }, [data, isFetching]);
  useEffect(() => {
    if (!error || offline || !sessionStore.get().token) return;
    sessionStore.clear();
    navigate(paths.login, { replace: true });
  }, [error, offline, navigate]);
  const offlineStart = offline && !isFetching;
  useLayoutEffect(() => {
    if (offlineStart) releaseHomeFirstPaint();
  }, [offlineStart]);
  if (offlineStart) {
    return (
      <div className="offline-start" role="alert">
        <p>网络不可用，暂时无法加载菜单</p>
        <button type="button" onClick={() => void refetch()}>
          重试
        </button>
      </div>
    );
  }
  return <PageLoading text="正在加载菜单" />;
}

function MenuPage({ route, Page }: { route: MenuRoute; Page: ComponentType | undefined }) {
  if (route.frameUrl) return <IframePage url={route.frameUrl} title={route.title} />;
  if (!Page) return <NotFoundPage />;
  return <Page />;
}

function MenuRoutes({ permissions }: { permissions: UserPermissions }) {
  const { token, userInfo } = useSession();
  const routes = useMemo(() => {
    const { apiBaseUrl, deployment: code } = runtimeConfig();
    return buildMenuRoutes(permissions.menu, { token: token ?? '', username: userInfo?.username ?? '', realname: userInfo?.realname ?? '', apiBaseUrl, deployment: code });
  }, [permissions.menu, token, userInfo?.username, userInfo?.realname]);
  const pages = useMemo(
    () => routes.filter((r) => r.component).map((route) => ({ path: route.path, title: route.title, element: <MenuPage route={route} Page={pageOf(route.component!)} /> })),
    [routes],
  );
  const home = homePath(routes);
  return (
    <Routes>
      {routes
        .filter((r) => r.redirect)
        .map((route) => (
          <Route key={route.path} path={route.path} element={<Navigate to={route.redirect!} replace />} />
        ))}
      <Route path="/" element={<Navigate to={home} replace />} />
      {publicRoutes}
      <Route path="*" element={<Shell menu={permissions.menu} pages={pages} homePath={home} onLogout={logoutAndLeave} userMenu={USER_MENU} headerExtra={HEADER_EXTRA} />} />
    </Routes>
  );
}

/**
 * Everything behind login, loaded only once someone has a token. Its query cache lives as long as
 * the session (the app mounts it per token), so nothing of one user's data outlives their logout.
 */
export default function AuthenticatedApp() {
  const { token, userInfo, ...session } = useSession();
  // The menu's arrival renders the whole shell and page: in slices (a transition), so a phone keeps
  // answering taps meanwhile; the session store itself tells React at once (useSyncExternalStore).
  const permissions = useDeferredValue(session.permissions);
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: PERSIST_MAX_AGE }, mutations: { retry: false } } }),
  );
  const userId = userInfo?.id ?? '';
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    void restoreQueries(client, userId).then(() => {
      stop = persistQueries(client, userId);
      startTransition(() => setRestored(true));
    });
    return () => stop?.();
  }, [client, userId]);
  // The outbox syncs for as long as someone is logged in (records queued before a logout resume here), from
  // once the cached server data is back: a record synced before that would be shown from the cache in its old state.
  useEffect(() => {
    if (!restored) return;
    const stopSync = startSync();
    const stopRefetch = onRecordsSynced(() => void client.invalidateQueries());
    return () => {
      stopSync();
      stopRefetch();
    };
  }, [restored, client]);
  if (!restored) return <PageLoading />;
  // An initial password is changed before anything else: the server serves nothing else until then.
  if (userInfo?.passwordChangeRequired) {
    return (
      <QueryClientProvider client={client}>
        <Suspense fallback={<PageLoading />}>
          <InitialPassword onLogout={logoutAndLeave} />
        </Suspense>
      </QueryClientProvider>
    );
  }
  return (
    <QueryClientProvider client={client}>{permissions ? <MenuRoutes permissions={permissions} /> : <PermissionLoader token={token!} />}</QueryClientProvider>
  );
}
