import { useEffect } from 'react';
import { DatePicker, Descriptions, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { MSG } from '@contract/messages.ts';
import { workNoLabel } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import dayjs from '@/lib/dayjs.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useSession } from '@/lib/session-store.ts';
import { profileSchema, useUpdateProfile } from '../api/update-profile.ts';
import { profileInput, takenFieldOf, uniqueRule } from './account-checks.ts';
import { accountDialogStore, openingValues } from './account-dialog-store.ts';

const field = profileSchema.shape;
const SEX = { 1: '男', 2: '女' } as const;

interface Values {
  birthday: Dayjs | null;
  email: string;
  phone: string;
}

/** 个人信息 (width 800): birthday, email and phone can be changed; the rest is the school's record. */
export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { userInfo } = useSession();
  const update = useUpdateProfile();
  // The form instance outlives the closed dialog: each opening starts from the user's record, or from
  // what was typed on the phone before the layout switched.
  useEffect(() => {
    if (!open || !userInfo) return;
    const values = openingValues(profileInput(userInfo));
    form.setFieldsValue({ ...values, birthday: values.birthday ? dayjs(values.birthday) : null });
  }, [open, form, userInfo]);
  if (!userInfo) return null;
  const submit = async () => {
    const values = await form.validateFields();
    const message = await update
      .mutateAsync({ id: userInfo.id, ydyz: '1', birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : '', email: values.email ?? '', phone: values.phone ?? '' })
      .catch((error: Error) => {
        const taken = takenFieldOf(error.message);
        if (taken) form.setFields([{ name: taken, errors: [error.message] }]);
        else notify.warning(error.message);
        return null;
      });
    if (message === null) return;
    notify.success(message, { title: '个人信息' });
    onClose();
  };
  return (
    <Modal title="个人信息" width={800} open={open} onOk={submit} onCancel={onClose} confirmLoading={update.isPending} okText="保存" cancelText="取消" destroyOnHidden>
      <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="姓名">{userInfo.realname}</Descriptions.Item>
        <Descriptions.Item label="性别">{userInfo.sex ? SEX[userInfo.sex as 1 | 2] : '—'}</Descriptions.Item>
        <Descriptions.Item label={workNoLabel(userInfo.yhlx)}>{userInfo.workNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="单位">{userInfo.orgCodeTxt ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        onValuesChange={(_, all: Values) => accountDialogStore.keep({ birthday: all.birthday ? all.birthday.format('YYYY-MM-DD') : '', email: all.email, phone: all.phone })}
      >
        <Form.Item name="birthday" label="生日">
          <DatePicker placeholder="请选择生日" format="YYYY-MM-DD" disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" validateTrigger="onBlur" rules={[zodRule(field.email), uniqueRule('email', MSG.profileEmailTaken, userInfo.id)]}>
          <Input placeholder="请输入邮箱" />
        </Form.Item>
        <Form.Item name="phone" label="手机号码" validateTrigger="onBlur" rules={[zodRule(field.phone), uniqueRule('phone', MSG.profilePhoneTaken, userInfo.id)]}>
          <Input placeholder="请输入手机号码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
