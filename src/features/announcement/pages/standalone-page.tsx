import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import './standalone.css';

/** A full page outside the shell (message list, detail): a title bar with 返回, and the content. */
export function StandalonePage({ title, children, back = true }: { title: string; children: ReactNode; back?: boolean }) {
  usePageTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened in a new tab has nowhere to go back to: 返回 then leads home.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/', { replace: true }));
  return (
    <div className="standalone">
      <header className="standalone__bar">
        {back && (
          <button type="button" className="standalone__back" onClick={goBack}>
            ‹ 返回
          </button>
        )}
        <h1 className="standalone__title">{title}</h1>
      </header>
      <main className="standalone__body">{children}</main>
    </div>
  );
}

/** What a page that shows a user's messages says to someone not logged in. */
export function LoginFirst({ from }: { from: string }) {
  return (
    <div className="standalone__placeholder">
      <p>请登录后查看</p>
      <Link className="standalone__button" to={`${paths.login}?redirect=${encodeURIComponent(from)}`}>
        去登录
      </Link>
    </div>
  );
}
