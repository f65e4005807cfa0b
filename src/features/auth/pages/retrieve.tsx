import { useState } from 'react';
import { Button, Form, Input, Steps } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { zodRule } from '@/lib/form-rules.ts';
import {
  retrieveAccountSchema,
  retrieveCodeSchema,
  retrieveResetSchema,
  useResetPassword,
  useSendRetrieveCode,
  useVerifyRetrieveCode,
} from '../api/retrieve-password.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { DoneResult } from '../components/done-result.tsx';
import { FormError } from '../components/form-error.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { useCountdown } from '../hooks/use-countdown.ts';

const RESEND_SECONDS = 60;
type Account = { username: string; phone: string };

/** Password retrieval in three steps: confirm the account, verify the SMS code, set a new password. */
export default function RetrievePage() {
  usePageTitle('找回密码');
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<Account | null>(null);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [countdown, startCountdown] = useCountdown(RESEND_SECONDS);
  const sendCode = useSendRetrieveCode();
  const verifyCode = useVerifyRetrieveCode();
  const reset = useResetPassword();

  const send = async (values: Account) => {
    const message = await sendCode.mutateAsync({ username: values.username.trim(), phone: values.phone.trim() }).catch(() => null);
    if (message === null) return;
    notify.success(message, { title: '验证码' });
    setAccount({ username: values.username.trim(), phone: values.phone.trim() });
    startCountdown();
    setStep(1);
  };

  const verify = async ({ code }: { code: string }) => {
    const result = await verifyCode.mutateAsync({ ...account!, code: code.trim() }).catch(() => null);
    if (!result) return;
    setResetToken(result.resetToken);
    setStep(2);
  };

  const setPassword = async (values: { password: string; confirmpassword: string }) => {
    const done = await reset.mutateAsync({ resetToken: resetToken!, ...values }).catch(() => null);
    if (done !== null) setStep(3);
  };

  return (
    <AuthCard title="找回密码">
      <Steps current={Math.min(step, 2)}>
        <Steps.Step title="确认账号" />
        <Steps.Step title="安全验证" />
        <Steps.Step title="设置新密码" />
      </Steps>

      {step === 0 && (
        <Form
          layout="horizontal"
          initialValues={account ?? undefined}
          onFinish={send}
          footer={
            <Button block type="submit" color="primary" size="large" loading={sendCode.isPending}>
              获取验证码
            </Button>
          }
        >
          <Form.Item name="username" label="用户账号" rules={[zodRule(retrieveAccountSchema.shape.username)]}>
            <Input placeholder="请输入用户账号" autoComplete="username" clearable />
          </Form.Item>
          <Form.Item name="phone" label="手机号码" rules={[zodRule(retrieveAccountSchema.shape.phone)]} description="账号绑定的手机号">
            <Input placeholder="请输入手机号码" type="tel" clearable />
          </Form.Item>
        </Form>
      )}

      {step === 1 && account && (
        <Form
          layout="horizontal"
          onFinish={verify}
          footer={
            <Button block type="submit" color="primary" size="large" loading={verifyCode.isPending}>
              下一步
            </Button>
          }
        >
          <p className="auth-note">验证码已发送至 {account.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}，10分钟内有效。</p>
          <Form.Item
            name="code"
            label="验证码"
            rules={[zodRule(retrieveCodeSchema.shape.code)]}
            extra={
              <Button size="small" fill="none" color="primary" disabled={countdown > 0 || sendCode.isPending} onClick={() => send(account)}>
                {countdown > 0 ? `${countdown}秒后重发` : '重新发送'}
              </Button>
            }
          >
            <Input placeholder="6位验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
        </Form>
      )}

      {step === 2 && (
        <Form
          layout="horizontal"
          onFinish={setPassword}
          footer={
            <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
              确认重置
            </Button>
          }
        >
          <NewPasswordFields rules={retrieveResetSchema.shape} />
        </Form>
      )}

      {step === 3 && (
        <DoneResult title="密码重置成功" description="请使用新密码登录。" />
      )}

      <FormError error={[sendCode.error, verifyCode.error, reset.error][step] ?? null} />
      <div className="auth-links">
        <Link to={paths.login}>返回登录</Link>
      </div>
    </AuthCard>
  );
}
