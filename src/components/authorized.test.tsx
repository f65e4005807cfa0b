import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '@contract/permissions.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { Authorized } from './authorized.tsx';

const rule = (action: string, status: '0' | '1' = '1'): PermissionRule => ({ action, describe: action, type: '2', status });

function renderButtons(auth: PermissionRule[], allAuth: PermissionRule[]) {
  act(() => sessionStore.savePermissions({ menu: [], auth, allAuth }));
  render(
    <>
      <Authorized code="user:add">
        <button>添加用户</button>
      </Authorized>
      <Authorized code="user:delete" fallback={<span>无删除权限</span>}>
        <button>删除</button>
      </Authorized>
    </>,
  );
}

describe('<Authorized>', () => {
  it('shows a button the role holds and hides one it lacks', () => {
    renderButtons([rule('user:add')], [rule('user:add'), rule('user:delete')]);
    expect(screen.getByRole('button', { name: '添加用户' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('无删除权限')).toBeTruthy();
  });

  it('a rule switched off shows the button to everyone', () => {
    renderButtons([], [rule('user:add', '0'), rule('user:delete', '0')]);
    expect(screen.getByRole('button', { name: '添加用户' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
  });

  it('keeps the lists in session storage under the old keys', () => {
    renderButtons([rule('user:add')], [rule('user:add')]);
    expect(JSON.parse(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')!)).toEqual([rule('user:add')]);
    expect(JSON.parse(sessionStorage.getItem('SYS_BUTTON_AUTH')!)).toEqual([rule('user:add')]);
  });
});
