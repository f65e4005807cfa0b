import { workNoLabel, type UserInfo } from '@contract/session.ts';

const SEX: Record<number, string> = { 1: '男', 2: '女' };
export const USER_TYPE_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

/** The profile as the personal-info dialog shows it: the school's record, then what the user may change. */
export function profileFields(user: UserInfo): { label: string; value: string; editable?: boolean }[] {
  return [
    { label: '账号', value: user.username },
    { label: '姓名', value: user.realname },
    { label: '性别', value: (user.sex && SEX[user.sex]) || '—' },
    { label: workNoLabel(user.yhlx), value: user.workNo || '—' },
    { label: '单位', value: user.orgCodeTxt || '—' },
    { label: '用户类型', value: USER_TYPE_LABELS[user.yhlx] ?? '—' },
    { label: '生日', value: user.birthday || '未填写', editable: true },
    { label: '邮箱', value: user.email || '未填写', editable: true },
    { label: '手机号码', value: user.phone || '未填写', editable: true },
  ];
}

export function FieldList({ fields }: { fields: { label: string; value: string }[] }) {
  return (
    <dl className="account-fields">
      {fields.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The first character of the name in a circle, or the avatar when the user has one. */
export function Avatar({ user }: { user: UserInfo }) {
  return <span className="account-avatar">{user.avatar ? <img src={user.avatar} alt="" /> : user.realname.slice(0, 1)}</span>;
}
