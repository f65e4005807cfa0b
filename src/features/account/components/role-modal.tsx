import { useState } from 'react';
import { Modal, Radio, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { currentRolesQuery, useSelectRole } from '../api/current-roles.ts';

/** 用户身份选择 (width 300): the role this session acts as; a change reloads the app with its menus. */
export function RoleModal({ open, onClose, onFailed }: { open: boolean; onClose: () => void; onFailed: () => void }) {
  const { data, isLoading } = useQuery({ ...currentRolesQuery(), enabled: open });
  const select = useSelectRole();
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? data?.roleId ?? null;
  const confirm = async () => {
    if (!value || value === data?.roleId) return onClose();
    const done = await select.mutateAsync(value).catch(() => null);
    if (done) window.location.reload();
    else onFailed();
  };
  return (
    <Modal title="用户身份选择" width={300} open={open} onOk={confirm} onCancel={onClose} confirmLoading={select.isPending} okText="确定" cancelText="取消">
      {isLoading ? (
        <Spin />
      ) : (
        <Radio.Group value={value} onChange={(e) => setChosen(e.target.value as string)}>
          <Space direction="vertical">
            {data?.list.map((role) => (
              <Radio key={role.id} value={role.id}>
                {role.roleName}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
