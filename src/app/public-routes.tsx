import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
// Not lazy: the first render of the login page then replaces index.html's static first paint of it
// at once, without a loading state between them.
import LoginPage from '@/features/auth/pages/login.tsx';
import { logoutAndLeave } from './session-actions.ts';

const RegisterPage = lazy(() => import('@/features/auth/pages/register.tsx'));
const RegisterResultPage = lazy(() => import('@/features/auth/pages/register-result.tsx'));
const RetrievePage = lazy(() => import('@/features/auth/pages/retrieve.tsx'));
const AlterationPage = lazy(() => import('@/features/auth/pages/alteration.tsx'));
const VerifyDocumentPage = lazy(() => import('@/features/auth/pages/verify-document.tsx'));
export const NotFoundPage = lazy(() => import('@/features/exception/pages/not-found.tsx'));
const ForbiddenPage = lazy(() => import('@/features/exception/pages/forbidden.tsx'));
const ServerErrorPage = lazy(() => import('@/features/exception/pages/server-error.tsx'));
const SysInfoPage = lazy(() => import('@/features/system-info/pages/sys-info.tsx'));
const ClockPage = lazy(() => import('@/features/clock/pages/clock.tsx'));
const ScreenPage = lazy(() => import('@/features/announcement/pages/screen.tsx'));
const MessageListPage = lazy(() => import('@/features/announcement/pages/message-list.tsx'));
const DetailPage = lazy(() => import('@/features/announcement/pages/detail-page.tsx'));
const WelcomePage = lazy(() => import('@/features/welcome/pages/welcome.tsx'));

/**
 * Routes that exist whether or not anyone is logged in (the guard decides who may see them). They
 * render without the shell; a page that shows a user's data asks for a login when there is none.
 */
export const publicRoutes = [
  <Route key="auth" element={<AuthLayout />}>
    <Route path={paths.login} element={<LoginPage />} />
    <Route path={paths.register} element={<RegisterPage />} />
    <Route path={paths.registerResult} element={<RegisterResultPage />} />
    <Route path={paths.retrieve} element={<RetrievePage />} />
    <Route path={paths.alteration} element={<AlterationPage />} />
    <Route path={paths.verifyDocument} element={<VerifyDocumentPage />} />
  </Route>,
  <Route key="user" path="/user" element={<Navigate to={paths.login} replace />} />,
  <Route key="404" path={paths.notFound} element={<NotFoundPage />} />,
  <Route key="403" path={paths.forbidden} element={<ForbiddenPage />} />,
  <Route key="500" path={paths.serverError} element={<ServerErrorPage />} />,
  <Route key="sys-info" path={paths.sysInfo} element={<SysInfoPage />} />,
  <Route key="clock" path={paths.clock} element={<ClockPage />} />,
  <Route key="screen" path={paths.screen} element={<ScreenPage />} />,
  <Route key="message-list" path={paths.messageList} element={<MessageListPage />} />,
  <Route key="user-message-list" path={paths.userMessageList} element={<MessageListPage />} />,
  <Route key="detail-page" path={paths.detailPage} element={<DetailPage />} />,
  <Route key="welcome" path={paths.welcome} element={<WelcomePage onLogout={logoutAndLeave} />} />,
];
