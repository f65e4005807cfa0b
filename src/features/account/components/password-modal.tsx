import { useEffect, type FC, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import type { ChangePasswordInput } from '@contract/validators.ts';
import { MSG } from '@contract/messages.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { sameAsRule, zodRule } from '@/lib/form-rules.ts';
import { useSession } from '@/lib/session-store.ts';
import { changePasswordSchema, useUpdatePassword } from '../api/update-password.ts';
import { accountDialogStore, openingValues } from './account-dialog-store.ts';
import { INITIAL_PASSWORD_NOTICE } from './initial-password-notice.ts';

const field = changePasswordSchema.shape;
type Values = Omit<ChangePasswordInput, 'username'>;

/**
 * 修改密码 (width 800): the logged-in user's own password. `required`: the first login's change of
 * the initial password, which cannot be dismissed (only 退出登录 leaves it).
 */
export function PasswordModal({ open, onClose, required, onLogout }: { open: boolean; onClose: () => void; required?: boolean; onLogout?: () => void }) {
  const [form] = Form.useForm<Values>();
  const { userInfo } = useSession();
  const update = useUpdatePassword();
  // Each opening starts empty, or with what was typed on the phone before the layout switched.
  useEffect(() => {
    if (open) form.setFieldsValue(openingValues({ oldpassword: '', password: '', confirmpassword: '' }));
  }, [open, form]);
  const submit = async () => {
    if (!userInfo?.username) return notify.warning(MSG.noLoginUser);
    const values = await form.validateFields();
    const message = await update.mutateAsync({ ...values, username: userInfo.username }).catch(() => null);
    if (message === null) return;
    notify.success(message, { title: '修改密码' });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={required ? '修改初始密码' : '修改密码'}
      width={800}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      {...(required
        ? {
            closable: false,
            mask: { closable: false },
            keyboard: false,
            footer: (_: ReactNode, { OkBtn }: { OkBtn: FC }) => (
              <>
                <Button onClick={onLogout}>退出登录</Button>
                <OkBtn />
              </>
            ),
          }
        : {})}
    >
      {required && <Alert style={{ marginBottom: 16 }} type="info" showIcon title={INITIAL_PASSWORD_NOTICE} />}
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} autoComplete="off" onValuesChange={(_, all: Values) => accountDialogStore.keep(all)}>
        <Form.Item name="oldpassword" label="旧密码" rules={[zodRule(field.oldpassword)]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={[zodRule(field.password)]} extra="8位以上，含字母、数字、符号">
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" label="确认新密码" dependencies={['password']} rules={[zodRule(field.confirmpassword), sameAsRule('password', MSG.passwordMismatch)]}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
