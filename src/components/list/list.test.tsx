import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionRule } from '@contract/permissions.ts';
import { sessionStore } from '@/lib/session-store.ts';
import type { ListData } from './list-data.ts';
import type { DeclaredList } from './list-declaration.ts';
import { ListDesktop } from './list-desktop.tsx';
import { ListPhone } from './list-phone.tsx';

/**
 * A list declared once, drawn by antd on the desktop and by antd-mobile on the phone: the same states, the
 * same readings of its values, and a row action only for who holds its button rule.
 */

interface Job {
  id: string;
  name: string;
  running: boolean;
  note: string | null;
}

const JOBS: Job[] = [
  { id: 'a', name: '清理过期登录', running: true, note: '每小时整点' },
  { id: 'b', name: '清理登录失败记录', running: false, note: null },
];

const rule = (action: string): PermissionRule => ({ action, describe: action, type: '2', status: '1' });
/** The role holds 立即执行's rule, not 暂停's; both rules are switched on. */
const mayOnlyRun = () => act(() => sessionStore.savePermissions({ menu: [], auth: [rule('job:run')], allAuth: [rule('job:run'), rule('job:edit')] }));
const mayAll = () => act(() => sessionStore.savePermissions({ menu: [], auth: [rule('job:run'), rule('job:edit')], allAuth: [rule('job:run'), rule('job:edit')] }));

const ran = vi.fn();
const paused = vi.fn();

function jobs(data: Partial<ListData<Job>> = {}): DeclaredList<Job> {
  return {
    title: '定时任务',
    rowsLabel: '任务列表',
    rowKey: (job) => job.id,
    columns: [
      { key: 'name', label: '任务名称', phone: 'title' },
      { key: 'note', label: '说明', phone: 'line' },
      { key: 'running', label: '状态', show: (job) => ({ tag: job.running ? '运行中' : '已暂停', tone: job.running ? 'processing' : 'default' }), phone: 'extra' },
    ],
    actions: [
      { key: 'run', label: '立即执行', permission: 'job:run', run: ran },
      { key: 'pause', label: '暂停', permission: 'job:edit', when: (job) => job.running, confirm: (job) => ({ title: `确定暂停「${job.name}」吗?` }), run: paused },
    ],
    phoneActions: 'card',
    empty: '暂无定时任务',
    data: { rows: [], pending: false, fetching: false, refreshing: false, failed: false, refetch: async () => undefined, ...data },
  };
}

beforeEach(() => {
  ran.mockReset();
  paused.mockReset();
  mayOnlyRun();
});

describe('a declared list on the desktop (antd Table)', () => {
  it('says 加载中… while the first rows load, the failure once nothing could load, and the empty text when there are none', () => {
    const { rerender } = render(<ListDesktop list={jobs({ pending: true, fetching: true })} />);
    expect(screen.getByRole('heading', { name: '定时任务' })).toBeTruthy();
    expect(screen.getByText('加载中…')).toBeTruthy();
    rerender(<ListDesktop list={jobs({ failed: true })} />);
    expect(screen.getByText('加载失败，请稍后重试')).toBeTruthy();
    rerender(<ListDesktop list={{ ...jobs({ failed: true }), failed: { title: '定时任务加载失败' } }} />);
    expect(screen.getByText('定时任务加载失败')).toBeTruthy();
    rerender(<ListDesktop list={jobs()} />);
    expect(screen.getByText('暂无定时任务')).toBeTruthy();
  });

  it('shows each row as its columns read it, a blank as a dash, and only the actions the role may use', () => {
    render(<ListDesktop list={jobs({ rows: JOBS })} />);
    const row = screen.getByRole('row', { name: /清理登录失败记录/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['清理登录失败记录', '—', '已暂停', '立即执行']);
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '暂停' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '立即执行' }));
    expect(ran).toHaveBeenCalledWith(JOBS[1]);
  });

  it('asks before an action with a confirmation, and runs it on 确定', async () => {
    mayAll();
    render(<ListDesktop list={jobs({ rows: JOBS })} />);
    // 暂停 applies to the running job only.
    expect(screen.getAllByRole('button', { name: '暂停' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    expect(await screen.findByText('确定暂停「清理过期登录」吗?')).toBeTruthy();
    expect(paused).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(paused).toHaveBeenCalledWith(JOBS[0]));
  });

  it('pages the rows when the list is paged', () => {
    const go = vi.fn();
    render(<ListDesktop list={jobs({ rows: JOBS, pages: { pageNo: 1, pageSize: 10, total: 25, go } })} />);
    expect(screen.getByText('1-10 共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(go).toHaveBeenCalledWith(2, 10);
  });
});

describe('the same list on the phone (antd-mobile cards)', () => {
  it('says 加载中 while the first rows load, 加载失败 once nothing could load, and the empty notice when there are none', () => {
    const { rerender } = render(<ListPhone list={jobs({ pending: true })} />);
    expect(screen.getByRole('status').textContent).toContain('加载中');
    rerender(<ListPhone list={jobs({ failed: true })} />);
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.getByText('请下拉刷新重试')).toBeTruthy();
    rerender(<ListPhone list={jobs()} />);
    expect(screen.getByText('暂无定时任务')).toBeTruthy();
    expect(screen.getByText('下拉可刷新')).toBeTruthy();
  });

  it('shows each row as a card: the title, the labelled lines that say something, the tag at its right, the actions the role may use', () => {
    render(<ListPhone list={jobs({ rows: JOBS })} />);
    const cards = within(screen.getByRole('region', { name: '任务列表' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('清理过期登录');
    expect(cards[0]!.textContent).toContain('说明：每小时整点');
    expect(cards[0]!.textContent).toContain('运行中');
    // A blank line is left out rather than shown empty.
    expect(cards[1]!.textContent).not.toContain('说明');
    expect(screen.queryByRole('button', { name: '暂停' })).toBeNull();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: '立即执行' }));
    expect(ran).toHaveBeenCalledWith(JOBS[1]);
  });

  it('asks in a dialog named by the action before an action with a confirmation', async () => {
    mayAll();
    render(<ListPhone list={jobs({ rows: JOBS })} />);
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    expect(await screen.findByText('确定暂停「清理过期登录」吗?')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(paused).toHaveBeenCalledWith(JOBS[0]));
  });

  it('offers the actions in a sheet when a tap opens them there', async () => {
    render(<ListPhone list={{ ...jobs({ rows: JOBS }), phoneActions: 'sheet' }} />);
    expect(screen.queryByRole('button', { name: '立即执行' })).toBeNull();
    fireEvent.click(screen.getByText('清理登录失败记录'));
    fireEvent.click(await screen.findByText('立即执行'));
    await waitFor(() => expect(ran).toHaveBeenCalledWith(JOBS[1]));
  });
});
