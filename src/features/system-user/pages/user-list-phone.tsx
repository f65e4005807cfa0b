import { Button, Selector, Space } from 'antd-mobile';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { flattenDeparts, useDepartTree } from '../api/depart-tree.ts';
import { useRoleOptions } from '../api/role-options.ts';
import { useFreezeUsers } from '../api/user-actions.ts';
import { joinIds, splitIds } from '../components/comma-value.ts';

interface CommaProps {
  value?: string | null;
  onChange?: (value: string) => void;
}

function RoleSelector({ value, onChange }: CommaProps) {
  const roles = useRoleOptions();
  return <Selector multiple options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))} value={splitIds(value)} onChange={(ids) => onChange?.(joinIds(ids))} />;
}

function DepartSelector({ value, onChange }: CommaProps) {
  const tree = useDepartTree();
  return <Selector multiple columns={1} options={flattenDeparts(tree.data ?? [])} value={splitIds(value)} onChange={(ids) => onChange?.(joinIds(ids))} />;
}

/** 用户管理 on the phone: the generic list and form, with 冻结/解冻 in a user's sheet. */
export default function UserListPhone() {
  const canFreeze = usePermission('system:user:frozen');
  const freeze = useFreezeUsers();
  return (
    <ResourcePhoneList
      resource={USER_RESOURCE}
      customInputs={{ selectedroles: () => <RoleSelector />, selecteddeparts: () => <DepartSelector /> }}
      rowActions={(row, close) =>
        canFreeze ? (
          <Space block direction="vertical" style={{ padding: 12 }}>
            <Button
              block
              color={row.status === 2 ? 'primary' : 'danger'}
              fill="outline"
              loading={freeze.isPending}
              onClick={() =>
                void freeze
                  .mutateAsync({ ids: [row.id], status: row.status === 2 ? '1' : '2' })
                  .then(() => {
                    notify.success(row.status === 2 ? '解冻成功!' : '冻结成功!');
                    close();
                  })
                  .catch(() => undefined)
              }
            >
              {row.status === 2 ? '解冻该用户' : '冻结该用户'}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
