import { useId, type ReactNode } from 'react';
import './page-layout.css';

export interface PageTab {
  key: string;
  label: ReactNode;
}

export interface PageTabs {
  items: PageTab[];
  activeKey: string;
  onChange: (key: string) => void;
}

export interface PageLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** Actions at the right of the title (buttons). */
  extra?: ReactNode;
  /** Tabs under the title; the content is their panel. */
  tabs?: PageTabs;
  children?: ReactNode;
  className?: string;
}

/** The page frame both variants share; `renderTabs` draws the tab strip (plain buttons or antd Tabs). */
export function PageFrame({ title, description, extra, tabs, children, className, renderTabs }: PageLayoutProps & { renderTabs: (tabs: PageTabs, ids: TabIds) => ReactNode }) {
  const base = useId();
  const ids: TabIds = { tab: (key) => `${base}-tab-${key}`, panel: `${base}-panel` };
  return (
    <div className={className ? `page-layout ${className}` : 'page-layout'}>
      <header className="page-layout__header">
        <div className="page-layout__heading">
          <h2 className="page-layout__title">{title}</h2>
          {extra && <div className="page-layout__extra">{extra}</div>}
        </div>
        {description && <div className="page-layout__description">{description}</div>}
        {tabs && tabs.items.length > 0 && <div className="page-layout__tabs">{renderTabs(tabs, ids)}</div>}
      </header>
      {tabs && tabs.items.length > 0 ? (
        <div className="page-layout__content" role="tabpanel" id={ids.panel} aria-labelledby={ids.tab(tabs.activeKey)}>
          {children}
        </div>
      ) : (
        <div className="page-layout__content">{children}</div>
      )}
    </div>
  );
}

export interface TabIds {
  tab: (key: string) => string;
  panel: string;
}
