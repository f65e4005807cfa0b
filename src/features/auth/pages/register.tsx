import { Button, Form, Input, Radio, Space } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { USER_TYPES, type RegisterInput } from '@contract/validators.ts';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { registerSchema, useRegister } from '../api/register.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { FormError } from '../components/form-error.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

const field = registerSchema.shape;

export default function RegisterPage() {
  usePageTitle('注册');
  const navigate = useNavigate();
  const registerMutation = useRegister();

  const onFinish = async (values: RegisterInput) => {
    const sent = await registerMutation.mutateAsync(values).then(
      () => true,
      () => false,
    );
    if (sent) navigate(paths.registerResult, { state: { username: values.username.trim(), phone: values.phone } });
  };

  return (
    <AuthCard title="注册账户">
      <Form
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={registerMutation.isPending}>
            注 册
          </Button>
        }
      >
        <Form.Item name="yhlx" label="用户类型" rules={[zodRule(field.yhlx)]}>
          <Radio.Group>
            <Space wrap>
              {USER_TYPES.map((t) => (
                <Radio key={t.value} value={t.value}>
                  {t.text}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="username" label="用户账号" rules={[zodRule(field.username)]}>
          <Input placeholder="请输入用户账号" autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="workNo" label="工号/学号" rules={[zodRule(field.workNo)]}>
          <Input placeholder="请输入工号" clearable />
        </Form.Item>
        <Form.Item name="realname" label="用户名称" rules={[zodRule(field.realname)]}>
          <Input placeholder="请输入真实姓名" clearable />
        </Form.Item>
        <Form.Item name="phone" label="手机号码" rules={[zodRule(field.phone)]}>
          <Input placeholder="请输入手机号码" type="tel" autoComplete="tel" clearable />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[zodRule(field.email)]}>
          <Input placeholder="请输入邮箱" type="email" autoComplete="email" clearable />
        </Form.Item>
        <NewPasswordFields rules={field} labels={{ password: '密码', confirm: '确认密码' }} placeholders={{ password: '请输入密码', confirm: '请再次输入密码' }} />
      </Form>
      <FormError error={registerMutation.error} />
      <div className="auth-links">
        <Link to={paths.login}>使用已有账户登录</Link>
      </div>
    </AuthCard>
  );
}
