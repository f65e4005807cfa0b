import type { ReactNode } from 'react';
import { PageLink } from '@/components/page-link.tsx';
import './dashboard.css';

/** One box of the 工作台: its title, a link to its whole list, and what it holds (each box loads on its own). */
export function HomeBox({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="dashboard-card home-box" aria-labelledby={id}>
      <div className="dashboard-card__head">
        <h2 id={id} className="dashboard-card__title">
          {title}
        </h2>
        {more && (
          <PageLink to={more.to} className="home-box__more">
            {more.label}
          </PageLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** A box's list while loading, failed or empty; else null and the box shows its rows. */
export function boxState(query: { isError: boolean; data: unknown }, what: string, empty: boolean, emptyText: string): ReactNode {
  if (query.isError) return <p className="dashboard-card__error">{what}加载失败</p>;
  if (query.data === undefined) return <p className="dashboard-card__empty">正在加载…</p>;
  if (empty) return <p className="dashboard-card__empty">{emptyText}</p>;
  return null;
}
