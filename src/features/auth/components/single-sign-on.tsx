import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { LoginResult } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { leavePage } from '@/lib/page-leave.ts';
import { casLoginEnabled, casLoginUrl, casLogoutUrl, casService } from '@/lib/single-sign-on.ts';
import { validateCasTicket } from '../api/validate-cas-ticket.ts';
import { AuthCard } from './auth-layout.tsx';

const FAILED = '统一身份登录失败！';
const LOGOUT_DELAY_MS = 4000;

/** One validation per ticket: the CAS server honours a ticket once, and a remount must not spend it again. */
const validations = new Map<string, Promise<LoginResult>>();

/**
 * The login page with single sign-on: without a ticket the browser goes to the CAS server's login; back with one,
 * the ticket is traded for a session (../api/validate-cas-ticket.ts). A
 * refusal shows 统一身份登录失败! with its reason, then the CAS server's logout after 4 s (SPEC.md section 8).
 */
export function SingleSignOn({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  // Read once: the ticket leaves the address when it is traded, and this page must not then go to the CAS login.
  const [ticket] = useState(() => new URLSearchParams(window.location.search).get('ticket'));
  const handsOver = casLoginEnabled();
  // The page's handler is made anew at each render; the validation below runs once per ticket all the same.
  const loggedIn = useRef(onLoggedIn);
  useEffect(() => {
    loggedIn.current = onLoggedIn;
  });

  useEffect(() => {
    if (!ticket) {
      if (handsOver) leavePage(casLoginUrl());
      return;
    }
    if (!handsOver) return;
    const service = casService();
    let validation = validations.get(ticket);
    if (!validation) {
      validation = validateCasTicket({ ticket, service });
      validations.set(ticket, validation);
    }
    let current = true;
    validation.then(
      (result) => {
        if (current) loggedIn.current(result);
      },
      (reason: unknown) => {
        if (!current) return;
        notify.error(FAILED);
        setError(reason instanceof Error ? reason.message : FAILED);
        setTimeout(() => leavePage(casLogoutUrl()), LOGOUT_DELAY_MS);
      },
    );
    return () => {
      current = false;
    };
  }, [ticket, handsOver]);

  return (
    <AuthCard title="统一身份登录">
      {error ? (
        <div role="alert" className="auth-error">
          {FAILED}
          {error}
        </div>
      ) : (
        <p className="auth-note">{handsOver && !ticket ? '正在前往统一身份认证…' : '正在验证身份，请稍候…'}</p>
      )}
      {!handsOver && (
        <div className="auth-links">
          <Link to={location.pathname}>返回账号登录</Link>
        </div>
      )}
    </AuthCard>
  );
}
