import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Tag, TreeSelect } from 'antd';
import { MSG } from '@contract/messages.ts';
import { USER_RESOURCE, resetPasswordSchema, type UserAdminRow } from '@contract/user-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { sameAsRule, zodRule } from '@/lib/form-rules.ts';
import { useDepartTree } from '../api/depart-tree.ts';
import { useRoleOptions } from '../api/role-options.ts';
import { useFreezeUsers, useResetPassword } from '../api/user-actions.ts';
import { joinIds, splitIds } from '../components/comma-value.ts';

interface CommaProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
}

function RoleChooser({ id, value, onChange }: CommaProps) {
  const roles = useRoleOptions();
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      placeholder="请选择角色"
      loading={roles.isPending}
      value={splitIds(value)}
      onChange={(ids: string[]) => onChange?.(joinIds(ids))}
      options={roles.data?.map((r) => ({ value: r.id, label: r.roleName }))}
      optionFilterProp="label"
    />
  );
}

function DepartChooser({ id, value, onChange }: CommaProps) {
  const tree = useDepartTree();
  return (
    <TreeSelect
      id={id}
      multiple
      allowClear
      treeDefaultExpandAll
      placeholder="请选择部门"
      loading={tree.isPending}
      value={splitIds(value)}
      onChange={(ids: string[]) => onChange?.(joinIds(ids))}
      treeData={tree.data}
      fieldNames={{ label: 'title', value: 'value', children: 'children' }}
      showSearch
      treeNodeFilterProp="title"
    />
  );
}

const passwordRule = zodRule(resetPasswordSchema.def.shape.password);

function ResetPasswordModal({ user, onClose }: { user: UserAdminRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  const reset = useResetPassword();
  const submit = async () => {
    const values = await form.validateFields();
    await reset.mutateAsync({ username: user!.username, ...values });
    notify.success('密码修改成功!');
    onClose();
  };
  return (
    <Modal
      title={`重置密码 – ${user?.realname ?? ''}`}
      open={user !== null}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} name="reset-password" layout="vertical" autoComplete="off">
        <Form.Item label="用户账号">
          <Input value={user?.username} disabled />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={[passwordRule]} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" label="确认密码" dependencies={['password']} rules={[{ required: true, message: MSG.confirmPasswordRequired }, sameAsRule('password', MSG.passwordMismatch)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 用户管理 on desktop and tablet: the generic table with role and department choosers, 冻结/解冻 and 重置密码. */
export default function UserListDesktop() {
  const canFreeze = usePermission('system:user:frozen');
  const canReset = usePermission('system:user:resetPassword');
  const freeze = useFreezeUsers();
  const [resetting, setResetting] = useState<UserAdminRow | null>(null);

  const setStatus = async (rows: ResourceRow[], status: '1' | '2', clear?: () => void) => {
    await freeze.mutateAsync({ ids: rows.map((r) => r.id), status });
    notify.success(status === '2' ? '冻结成功!' : '解冻成功!');
    clear?.();
  };

  return (
    <>
      <ResourceTable
        resource={USER_RESOURCE}
        formWidth={800}
        customInputs={{ selectedroles: () => <RoleChooser />, selecteddeparts: () => <DepartChooser /> }}
        renderCell={{
          status: (value) => (value === 2 ? <Tag color="red">冻结</Tag> : <Tag color="green">正常</Tag>),
        }}
        rowActions={(row) => (
          <>
            {canReset && (
              <Button type="link" size="small" onClick={() => setResetting(row as unknown as UserAdminRow)}>
                重置密码
              </Button>
            )}
            {canFreeze &&
              (row.status === 2 ? (
                <Button type="link" size="small" onClick={() => void setStatus([row], '1').catch(() => undefined)}>
                  解冻
                </Button>
              ) : (
                <Popconfirm title={`确定冻结“${String(row.realname)}”吗? 冻结后该用户立即退出登录。`} okText="确定" cancelText="取消" onConfirm={() => setStatus([row], '2').catch(() => undefined)}>
                  <Button type="link" size="small" danger>
                    冻结
                  </Button>
                </Popconfirm>
              ))}
          </>
        )}
        batchActions={
          canFreeze
            ? (rows, clear) => (
                <>
                  <Button onClick={() => void setStatus(rows, '2', clear).catch(() => undefined)}>冻结</Button>
                  <Button onClick={() => void setStatus(rows, '1', clear).catch(() => undefined)}>解冻</Button>
                </>
              )
            : undefined
        }
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
