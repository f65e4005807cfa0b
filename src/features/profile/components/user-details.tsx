import type { UserInfo } from '@contract/session.ts';
import type { DetailItem } from './detail-list.tsx';

const SEX: Record<number, string> = { 1: '男', 2: '女' };
export const USER_TYPES: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

/** The logged-in user's record as detail items (the samples show real data, never made-up rows). */
export function userDetails(user: UserInfo): DetailItem[] {
  return [
    { label: '账号', value: user.username },
    { label: '姓名', value: user.realname },
    { label: '性别', value: (user.sex && SEX[user.sex]) || '—' },
    { label: '工号', value: user.workNo || '—' },
    { label: '用户类型', value: USER_TYPES[user.yhlx] ?? '—' },
    { label: '单位', value: user.orgCodeTxt || '—' },
    { label: '生日', value: user.birthday || '—' },
    { label: '手机号码', value: user.phone || '—' },
    { label: '邮箱', value: user.email || '—' },
  ];
}
