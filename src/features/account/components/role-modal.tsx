import { Form, Modal, Radio, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { currentRolesQuery, useSelectRole } from '../api/current-roles.ts';
import { currentRoleOf, ROLE_REQUIRED } from './account-checks.ts';
import { reloadPage } from '@/lib/page-leave.ts';

/** 用户身份选择 (width 300): the role this session acts as; a change reloads the app with its menus. */
export function RoleModal({ open, onClose, onFailed }: { open: boolean; onClose: () => void; onFailed: () => void }) {
  const [form] = Form.useForm<{ roleId: string }>();
  const { data, isLoading } = useQuery({ ...currentRolesQuery(), enabled: open });
  const select = useSelectRole();
  const current = currentRoleOf(data);
  const confirm = async () => {
    const { roleId } = await form.validateFields();
    if (roleId === current) return onClose();
    const done = await select.mutateAsync(roleId).catch(() => null);
    if (done) reloadPage();
    else onFailed();
  };
  return (
    <Modal title="用户身份选择" width={300} open={open} onOk={confirm} onCancel={onClose} confirmLoading={select.isPending} okButtonProps={{ disabled: isLoading }} okText="确定" cancelText="取消" destroyOnHidden>
      {isLoading ? (
        <Spin />
      ) : (
        <Form form={form} initialValues={{ roleId: current ?? undefined }} key={current ?? 'none'}>
          <Form.Item name="roleId" rules={[{ required: true, message: ROLE_REQUIRED }]}>
            <Radio.Group>
              <Space direction="vertical">
                {data?.list.map((role) => (
                  <Radio key={role.id} value={role.id}>
                    {role.roleName}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
