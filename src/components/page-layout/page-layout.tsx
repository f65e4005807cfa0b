import type { KeyboardEvent } from 'react';
import { PageFrame, type PageLayoutProps, type PageTabs, type TabIds } from './page-frame.tsx';

export type { PageLayoutProps, PageTab, PageTabs } from './page-frame.tsx';

/** Plain tab buttons: arrow keys, Home and End move between them as in any tab strip. */
function PlainTabs({ items, activeKey, onChange }: PageTabs, ids: TabIds) {
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = items[next]!.key;
    onChange(key);
    document.getElementById(ids.tab(key))?.focus();
  };
  return (
    <div role="tablist" className="page-layout__tablist">
      {items.map((tab, index) => {
        const active = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            id={ids.tab(tab.key)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={active ? ids.panel : undefined}
            tabIndex={active ? 0 : -1}
            className={active ? 'page-layout__tab is-active' : 'page-layout__tab'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** Page header (title, description, actions, tabs) and the content area, in plain HTML/CSS: no antd, fit for the phone. */
export function PageLayout(props: PageLayoutProps) {
  return <PageFrame {...props} renderTabs={PlainTabs} />;
}
