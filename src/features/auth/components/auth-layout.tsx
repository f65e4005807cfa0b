import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { deployment } from '@/config/runtime.ts';
import { useLogo } from '@/hooks/use-logo.ts';
import './auth-layout.css';

/** Login layout: logo, side image on wide screens, and the page. */
export function AuthLayout() {
  const logo = useLogo('logologin');
  const { title } = deployment();
  return (
    <div className="auth-layout">
      <aside className="auth-layout__side" aria-hidden>
        <div className="auth-layout__side-text">
          <p className="auth-layout__slogan">校企协同 · 过程可查 · 成绩可信</p>
          <p>周记、月报、请假、单位变更，随时随地在手机上完成</p>
        </div>
      </aside>
      <main className="auth-layout__main">
        <header className="auth-layout__brand">
          <img src={logo} alt="" width={44} height={44} />
          <h1>{title}</h1>
        </header>
        <Outlet />
      </main>
    </div>
  );
}

/** A card titled by its heading, or by `heading` in its place (the login page's tabs) under the same name. */
export function AuthCard({ title, heading, children }: { title: string; heading?: ReactNode; children: ReactNode }) {
  return (
    <section className="auth-card" aria-label={title}>
      {heading ?? <h2 className="auth-card__title">{title}</h2>}
      {children}
    </section>
  );
}
