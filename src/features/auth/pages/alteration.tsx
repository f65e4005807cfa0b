import { Button, Form, Input, Result } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@contract/messages.ts';
import type { ChangePasswordInput } from '@contract/validators.ts';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { sameAsRule, zodRule } from '@/lib/form-rules.ts';
import { changePasswordSchema, useAlterPassword } from '../api/alter-password.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { FormError } from '../components/form-error.tsx';

const field = changePasswordSchema.shape;

/** Password change from the login page, for someone who knows the old password. */
export default function AlterationPage() {
  usePageTitle('修改密码');
  const navigate = useNavigate();
  const alter = useAlterPassword();

  if (alter.isSuccess) {
    return (
      <AuthCard title="修改密码">
        <Result status="success" title="密码修改成功" description={alter.data} />
        <div style={{ padding: '0 16px 12px' }}>
          <Button block color="primary" onClick={() => navigate(paths.login, { replace: true })}>
            返回登录
          </Button>
        </div>
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
        <Form.Item name="password" label="新密码" rules={[zodRule(field.password)]} description="8位以上，含字母、数字、符号">
          <Input type="password" placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认新密码"
          dependencies={['password']}
          rules={[zodRule(field.confirmpassword), sameAsRule('password', MSG.passwordMismatch)]}
        >
          <Input type="password" placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
      <FormError error={alter.error} />
      <div className="auth-links">
        <Link to={paths.login}>返回登录</Link>
        <Link to={paths.retrieve}>忘记旧密码？</Link>
      </div>
    </AuthCard>
  );
}
