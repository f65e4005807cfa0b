import { Selector } from 'antd-mobile';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { flattenDeparts, useDepartTree } from '../api/depart-tree.ts';
import { useRoleOptions } from '../api/role-options.ts';
import { joinIds, splitIds, type CommaProps } from '../components/comma-value.ts';

function RoleSelector({ value, onChange }: CommaProps) {
  const roles = useRoleOptions();
  return <Selector multiple options={roles.data ?? []} value={splitIds(value)} onChange={(ids) => onChange?.(joinIds(ids))} />;
}

function DepartSelector({ value, onChange }: CommaProps) {
  const tree = useDepartTree();
  return <Selector multiple columns={1} options={flattenDeparts(tree.data ?? [])} value={splitIds(value)} onChange={(ids) => onChange?.(joinIds(ids))} />;
}

/** 用户管理 on the phone: the generic list and form (冻结/解冻 and 重置密码 in a user's sheet, as declared), with role and department choosers. */
export default function UserListPhone() {
  return <ResourcePhoneList resource={USER_RESOURCE} customInputs={{ selectedroles: () => <RoleSelector />, selecteddeparts: () => <DepartSelector /> }} />;
}
