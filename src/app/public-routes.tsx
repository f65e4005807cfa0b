import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';

const LoginPage = lazy(() => import('@/features/auth/pages/login.tsx'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register.tsx'));
const RegisterResultPage = lazy(() => import('@/features/auth/pages/register-result.tsx'));
const RetrievePage = lazy(() => import('@/features/auth/pages/retrieve.tsx'));
const AlterationPage = lazy(() => import('@/features/auth/pages/alteration.tsx'));
export const NotFoundPage = lazy(() => import('@/features/exception/pages/not-found.tsx'));
const SysInfoPage = lazy(() => import('@/features/system-info/pages/sys-info.tsx'));

/** Routes that exist whether or not anyone is logged in (the guard decides who may see them). */
export const publicRoutes = [
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
