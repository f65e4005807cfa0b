import { Select, TreeSelect } from 'antd';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { useDepartTree } from '../api/depart-tree.ts';
import { useRoleOptions } from '../api/role-options.ts';
import { joinIds, splitIds, type CommaProps } from '../components/comma-value.ts';

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
      options={roles.data}
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

/** 用户管理 on desktop and tablet: the generic table (冻结/解冻 and 重置密码 are the resource's declared actions) with role and department choosers. */
export default function UserListDesktop() {
  return <ResourceTable resource={USER_RESOURCE} formWidth={800} customInputs={{ selectedroles: () => <RoleChooser />, selecteddeparts: () => <DepartChooser /> }} />;
}
