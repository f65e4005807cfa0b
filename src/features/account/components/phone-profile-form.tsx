import { Button, Form, Input } from 'antd-mobile';
import { MSG } from '@contract/messages.ts';
import { notify } from '@/components/notification/notification-store.ts';
import dayjs from '@/lib/dayjs.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useSession } from '@/lib/session-store.ts';
import { profileSchema, useUpdateProfile } from '../api/update-profile.ts';
import { profileInput, takenFieldOf, uniqueRule } from './account-checks.ts';
import { accountDialogStore, openingValues } from './account-dialog-store.ts';

const field = profileSchema.shape;

interface Values {
  birthday: string;
  email: string;
  phone: string;
}

/** The dialog offers no future birthday; the phone's date field is checked the same way. */
const notAfter = (today: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value === 'string' && value > today) throw new Error('生日不能晚于今天');
  },
});

/**
 * The personal-info edit on the phone (antd-mobile): the dialog's fields, rules and save. Used by the
 * drawer's 个人信息 sheet (`carried`: its input follows a layout switch) and by 基本设置; `onCancel`
 * adds a 取消 button where the page needs one.
 */
export default function PhoneProfileForm({ onDone, onCancel, carried = false }: { onDone: () => void; onCancel?: () => void; carried?: boolean }) {
  const [form] = Form.useForm<Values>();
  const { userInfo } = useSession();
  const update = useUpdateProfile();
  if (!userInfo) return null;
  const today = dayjs().format('YYYY-MM-DD');
  const submit = async (values: Values) => {
    const message = await update
      .mutateAsync({ id: userInfo.id, ydyz: '1', birthday: values.birthday ?? '', email: values.email ?? '', phone: values.phone ?? '' })
      .catch((error: Error) => {
        const taken = takenFieldOf(error.message);
        if (taken) form.setFields([{ name: taken, errors: [error.message] }]);
        else notify.warning(error.message);
        return null;
      });
    if (message === null) return;
    notify.success(message, { title: '个人信息' });
    onDone();
  };
  return (
    <Form
      form={form}
      className="account-phone-form"
      layout="horizontal"
      mode="card"
      initialValues={carried ? openingValues(profileInput(userInfo)) : profileInput(userInfo)}
      onValuesChange={carried ? (_, all: Values) => accountDialogStore.keep({ ...all }) : undefined}
      onFinish={submit}
      footer={
        <div className="account-actions">
          <Button block={!onCancel} type="submit" color="primary" loading={update.isPending}>
            保存
          </Button>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
        </div>
      }
    >
      <Form.Item name="birthday" label="生日" rules={[zodRule(field.birthday), notAfter(today)]}>
        <Input type="date" placeholder="请选择生日" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" validateTrigger="onBlur" rules={[zodRule(field.email), uniqueRule('email', MSG.profileEmailTaken, userInfo.id)]}>
        <Input type="email" placeholder="请输入邮箱" clearable />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" validateTrigger="onBlur" rules={[zodRule(field.phone), uniqueRule('phone', MSG.profilePhoneTaken, userInfo.id)]}>
        <Input type="tel" placeholder="请输入手机号码" clearable />
      </Form.Item>
    </Form>
  );
}
