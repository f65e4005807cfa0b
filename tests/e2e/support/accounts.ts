/** The demo school's accounts (server/db/seed.ts); every one starts with the same password. */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoAccount {
  username: string;
  realname: string;
  phone: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', realname: '系统管理员', phone: '13800000001' },
  { username: 'teacher01', realname: '王老师', phone: '13800000002' },
  { username: 'student01', realname: '李明', phone: '13800000003' },
  { username: 'mentor01', realname: '张工', phone: '13800000004' },
  { username: 'multi01', realname: '赵主任', phone: '13800000005' },
  { username: 'dept01', realname: '陈主任', phone: '13800000006' },
  { username: 'office01', realname: '周老师', phone: '13800000007' },
];

export function demoAccount(username: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`没有这个演示账号：${username}`);
  return account;
}

/** A password that passes the strength rule and differs from the demo one. */
export const CHANGED_PASSWORD = 'Changed#2026';
