import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { ActionSpec } from './action-spec.ts';
import { ActionBar } from './action-bar.tsx';
import { ActionBarPhone } from './action-bar-phone.tsx';

/** The buttons of a form declared once: the desktop keeps their order, the phone puts the main one last; both ask first when told. */
function declared() {
  const run = { approve: vi.fn(), reject: vi.fn(), withdraw: vi.fn() };
  const actions: ActionSpec[] = [
    { key: 'approve', label: '同意', tone: 'primary', run: run.approve },
    { key: 'reject', label: '驳回', tone: 'danger', disabled: true, run: run.reject },
    { key: 'withdraw', label: '撤回申请', confirm: { title: '确定撤回这份申请吗？', ok: '撤回' }, run: run.withdraw },
  ];
  return { actions, run };
}
const names = () => screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''));

describe('<ActionBar> (antd)', () => {
  it('draws the actions in their order, runs one on a click, and asks first in a popover', async () => {
    const { actions, run } = declared();
    render(
      <AntdProvider>
        <ActionBar actions={actions} />
      </AntdProvider>,
    );
    expect(names()).toEqual(['同意', '驳回', '撤回申请']);
    expect(screen.getByRole('button', { name: '同意' }).className).toContain('ant-btn-primary');
    expect(screen.getByRole('button', { name: '驳回' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    expect(run.approve).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '撤回申请' }));
    expect(await screen.findByText('确定撤回这份申请吗？')).toBeTruthy();
    expect(run.withdraw).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(run.withdraw).toHaveBeenCalledOnce());
  });
});

describe('<ActionBarPhone> (antd-mobile)', () => {
  it('puts the main action last, and runs an action that asks first only once confirmed', async () => {
    const { actions, run } = declared();
    render(<ActionBarPhone actions={actions} />);
    expect(names()).toEqual(['驳回', '撤回申请', '同意']);
    fireEvent.click(screen.getByRole('button', { name: '撤回申请' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定撤回这份申请吗？')).toBeTruthy();
    expect(run.withdraw).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(run.withdraw).toHaveBeenCalledOnce());
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    expect(run.reject).not.toHaveBeenCalled();
  });

  it('draws nothing without actions', () => {
    const { container } = render(<ActionBarPhone actions={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
