import { Button, Form, Input } from 'antd-mobile';
import { MSG } from '@contract/messages.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { sameAsRule, zodRule } from '@/lib/form-rules.ts';
import { useSession } from '@/lib/session-store.ts';
import { changePasswordSchema, useUpdatePassword } from '../api/update-password.ts';
import { accountDialogStore, openingValues } from './account-dialog-store.ts';

/** 修改密码 on the phone (antd-mobile): the same rules, call and messages as the desktop dialog. */
export default function PhonePasswordForm({ onDone }: { onDone: () => void }) {
  const { userInfo } = useSession();
  const update = useUpdatePassword();
  const field = changePasswordSchema.shape;
  const submit = async (values: { oldpassword: string; password: string; confirmpassword: string }) => {
    if (!userInfo?.username) return notify.warning(MSG.noLoginUser);
    const message = await update.mutateAsync({ ...values, username: userInfo.username }).catch(() => null);
    if (message === null) return;
    notify.success(message, { title: '修改密码' });
    onDone();
  };
  return (
    <Form
      mode="card"
      initialValues={openingValues({ oldpassword: '', password: '', confirmpassword: '' })}
      onValuesChange={(_, all: Record<string, string>) => accountDialogStore.keep(all)}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" loading={update.isPending}>
          确定
        </Button>
      }
    >
      <Form.Item name="oldpassword" label="旧密码" rules={[zodRule(field.oldpassword)]}>
        <Input type="password" placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label="新密码" rules={[zodRule(field.password)]} help="8位以上，含字母、数字、符号">
        <Input type="password" placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmpassword" label="确认新密码" dependencies={['password']} rules={[zodRule(field.confirmpassword), sameAsRule('password', MSG.passwordMismatch)]}>
        <Input type="password" placeholder="请确认新密码" autoComplete="new-password" />
      </Form.Item>
    </Form>
  );
}
