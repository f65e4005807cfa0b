import { Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/components/notification/notification-store.ts';
import { currentDepartsQuery, useSelectDepart } from '../api/current-departs.ts';

/** 切换部门 (width 450). */
export function DepartModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ orgCode: string }>();
  const { data } = useQuery({ ...currentDepartsQuery(), enabled: open });
  const select = useSelectDepart();
  const confirm = async () => {
    const { orgCode } = await form.validateFields();
    const done = await select.mutateAsync(orgCode).catch(() => null);
    if (!done) return;
    notify.success('部门切换成功', { title: '切换部门' });
    onClose();
  };
  return (
    <Modal title="切换部门" width={450} open={open} onOk={confirm} onCancel={onClose} confirmLoading={select.isPending} okText="确定" cancelText="取消" destroyOnHidden>
      <Form form={form} initialValues={{ orgCode: data?.orgCode ?? undefined }} key={data?.orgCode ?? 'none'}>
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
          <Select placeholder="请选择部门" options={data?.list.map((d) => ({ value: d.orgCode, label: d.departName }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
