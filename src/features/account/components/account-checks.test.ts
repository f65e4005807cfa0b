import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import type { PermissionRule } from '@contract/permissions.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';
import { currentRoleOf, hasLoginUser, uniqueRule } from './account-checks.ts';

type SessionState = { userInfo: { username: string } | null; permissions?: { auth: PermissionRule[]; allAuth: PermissionRule[] } };
const session = vi.hoisted(() => ({ state: { userInfo: null } as SessionState }));
vi.mock('@/lib/session-store.ts', () => ({ sessionStore: { get: () => session.state } }));
vi.mock('@/lib/duplicate-check.ts', () => ({ duplicateMessage: vi.fn() }));

describe('hasLoginUser (个人信息 needs a logged-in user)', () => {
  beforeEach(() => noticeStore.clear());

  it('warns 当前系统无登陆用户! and refuses without a user', () => {
    session.state = { userInfo: null };
    expect(hasLoginUser()).toBe(false);
    expect(noticeStore.list()).toEqual([expect.objectContaining({ kind: 'warning', title: '系统提示', message: '当前系统无登陆用户!' })]);
  });

  it('lets a logged-in user through without a word', () => {
    session.state = { userInfo: { username: 'student01' } };
    expect(hasLoginUser()).toBe(true);
    expect(noticeStore.list()).toEqual([]);
  });
});

describe('currentRoleOf', () => {
  const list = [{ id: 'role-teacher' }, { id: 'role-admin' }];
  it('is the active role while the user holds it', () => expect(currentRoleOf({ list, roleId: 'role-admin' })).toBe('role-admin'));
  it('is nothing once the role was taken away, so the dialog asks for a choice', () => {
    expect(currentRoleOf({ list, roleId: 'role-student' })).toBeNull();
    expect(currentRoleOf({ list, roleId: null })).toBeNull();
    expect(currentRoleOf(undefined)).toBeNull();
  });
});

describe('uniqueRule (个人信息 phone and e-mail)', () => {
  const EDIT_USERS: PermissionRule = { action: 'system:user:edit', describe: '编辑用户', type: '2', status: '1' };
  const rule = uniqueRule('phone', '手机号已存在!', 'self-id');
  beforeEach(() => vi.mocked(duplicateMessage).mockReset().mockResolvedValue('该值不可用，系统中已存在！'));

  it('asks the server for a user administrator, and says the value is taken', async () => {
    session.state = { userInfo: { username: 'admin' }, permissions: { auth: [EDIT_USERS], allAuth: [EDIT_USERS] } };
    await expect(rule.validator(null, '13800000002')).rejects.toThrow('手机号已存在!');
    expect(duplicateMessage).toHaveBeenCalledWith('sys_user', 'phone', '13800000002', 'self-id');
  });

  it('asks nothing for anyone else: the save says it', async () => {
    session.state = { userInfo: { username: 'student01' }, permissions: { auth: [], allAuth: [EDIT_USERS] } };
    await expect(rule.validator(null, '13800000002')).resolves.toBeUndefined();
    expect(duplicateMessage).not.toHaveBeenCalled();
  });
});
