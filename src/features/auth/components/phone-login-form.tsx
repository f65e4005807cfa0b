import { Button, Form, Input } from 'antd-mobile';
import { SMS_RESEND_SECONDS, type PhoneLoginInput } from '@contract/phone-login.ts';
import type { LoginResult } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { phoneLoginSchema, usePhoneLogin, useSendLoginCode } from '../api/phone-login.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { FormError } from './form-error.tsx';

/**
 * 手机号登录: the phone number, 获取验证码 (then a countdown before another), the code. Loaded only when its
 * tab is chosen: antd-mobile's Form stays out of the login page's first load (login-form.tsx).
 */
export default function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const [form] = Form.useForm<PhoneLoginInput>();
  const [countdown, startCountdown] = useCountdown(SMS_RESEND_SECONDS);
  const sendCode = useSendLoginCode();
  const login = usePhoneLogin();

  const send = async () => {
    const valid = await form.validateFields(['mobile']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const message = await sendCode.mutateAsync(String(form.getFieldValue('mobile')).trim()).catch(() => null);
    if (message === null) return;
    notify.success(message, { title: '验证码' });
    startCountdown();
  };

  const submit = async (values: PhoneLoginInput) => {
    const result = await login.mutateAsync({ mobile: values.mobile.trim(), captcha: values.captcha.trim() }).catch(() => null);
    if (result) onLoggedIn(result);
  };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            登 录
          </Button>
        }
      >
        <Form.Item name="mobile" label="手机号" rules={[zodRule(phoneLoginSchema.shape.mobile)]}>
          <Input placeholder="请输入手机号" type="tel" autoComplete="tel" clearable />
        </Form.Item>
        <Form.Item
          name="captcha"
          label="验证码"
          rules={[zodRule(phoneLoginSchema.shape.captcha)]}
          extra={
            <Button size="small" fill="none" color="primary" disabled={countdown > 0 || sendCode.isPending} onClick={() => void send()}>
              {countdown > 0 ? `${countdown}秒后重发` : '获取验证码'}
            </Button>
          }
        >
          <Input placeholder="请输入6位验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
      <FormError error={sendCode.error ?? login.error} />
    </>
  );
}
