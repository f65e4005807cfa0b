import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLayoutDesktop } from './page-layout-desktop.tsx';
import { PageLayout, type PageLayoutProps } from './page-layout.tsx';

const TABS = [
  { key: 'base', label: '基本信息' },
  { key: 'score', label: '实习成绩' },
  { key: 'log', label: '过程记录' },
];

function Page({ Layout }: { Layout: (props: PageLayoutProps) => React.ReactNode }) {
  const [tab, setTab] = useState('base');
  return (
    <Layout title="学生详情" description="2023级 软件技术1班" extra={<button type="button">编辑</button>} tabs={{ items: TABS, activeKey: tab, onChange: setTab }}>
      <p>当前：{tab}</p>
    </Layout>
  );
}

describe('<PageLayout> (plain, fit for the phone)', () => {
  it('has a title, description, actions and the content', () => {
    const { container } = render(
      <PageLayout title="我的实习" description="实习计划与周记" extra={<button type="button">新增</button>}>
        <p>列表</p>
      </PageLayout>,
    );
    expect(screen.getByRole('heading', { name: '我的实习' })).toBeTruthy();
    expect(screen.getByText('实习计划与周记')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.getByText('列表')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('switches tabs by click and by arrow keys; the content is the active tab panel', () => {
    const { container } = render(<Page Layout={PageLayout} />);
    expect(screen.getByRole('tab', { name: '基本信息' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '基本信息' }).textContent).toBe('当前：base');

    fireEvent.click(screen.getByRole('tab', { name: '实习成绩' }));
    expect(screen.getByRole('tab', { name: '实习成绩' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('当前：score');

    fireEvent.keyDown(screen.getByRole('tab', { name: '实习成绩' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('当前：log');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '过程记录' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('当前：base');
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });
});

describe('<PageLayoutDesktop> (antd tabs)', () => {
  it('draws the same page with antd tabs', () => {
    render(<Page Layout={PageLayoutDesktop} />);
    expect(screen.getByRole('heading', { name: '学生详情' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '过程记录' }));
    expect(screen.getByText('当前：log')).toBeTruthy();
  });
});
