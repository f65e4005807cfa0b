import { Button, Form, Input } from 'antd-mobile';
import { Link } from 'react-router-dom';
import type { ChangePasswordInput } from '@contract/validators.ts';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { changePasswordSchema, useAlterPassword } from '../api/alter-password.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { DoneResult } from '../components/done-result.tsx';
import { FormError } from '../components/form-error.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

const field = changePasswordSchema.shape;

/** Password change from the login page, for someone who knows the old password. */
export default function AlterationPage() {
  usePageTitle('修改密码');
  const alter = useAlterPassword();

  if (alter.isSuccess) {
    return (
      <AuthCard title="修改密码">
        <DoneResult title="密码修改成功" description={alter.data} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="修改密码">
      <Form
        layout="horizontal"
        onFinish={(values: ChangePasswordInput) => alter.mutate({ ...values, username: values.username.trim() })}
        footer={
          <Button block type="submit" color="primary" size="large" loading={alter.isPending}>
            确认修改
          </Button>
        }
      >
        <Form.Item name="username" label="用户账号" rules={[zodRule(field.username)]}>
          <Input placeholder="请输入用户账号" autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="oldpassword" label="旧密码" rules={[zodRule(field.oldpassword)]}>
          <Input type="password" placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields rules={field} />
      </Form>
      <FormError error={alter.error} />
      <div className="auth-links">
        <Link to={paths.login}>返回登录</Link>
        <Link to={paths.retrieve}>忘记旧密码？</Link>
      </div>
    </AuthCard>
  );
}
