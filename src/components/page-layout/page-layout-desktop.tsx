import { Tabs } from 'antd';
import { PageFrame, type PageLayoutProps, type PageTabs } from './page-frame.tsx';

function AntdTabs({ items, activeKey, onChange }: PageTabs) {
  return <Tabs activeKey={activeKey} onChange={onChange} items={items.map((tab) => ({ key: tab.key, label: tab.label }))} />;
}

/** The page layout with antd tabs, for desktop and tablet pages (inside AntdProvider). */
export function PageLayoutDesktop(props: PageLayoutProps) {
  return <PageFrame {...props} className={props.className ? `page-layout--desktop ${props.className}` : 'page-layout--desktop'} renderTabs={AntdTabs} />;
}
