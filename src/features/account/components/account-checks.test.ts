import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { currentRoleOf, hasLoginUser } from './account-checks.ts';

const session = vi.hoisted(() => ({ state: { userInfo: null as { username: string } | null } }));
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
