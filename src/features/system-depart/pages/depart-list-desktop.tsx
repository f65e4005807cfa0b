import { Card, Table, type TableColumnsType } from 'antd';
import type { DepartUser } from '@contract/depart.ts';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { ResourceTreeSide } from '@/components/resource/resource-tree-side.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import { useDepartUsers } from '../api/get-depart-users.ts';

const userColumns: TableColumnsType<DepartUser> = [
  { title: '用户账号', dataIndex: 'username', width: 140 },
  { title: '用户姓名', dataIndex: 'realname', width: 120 },
  { title: '工号', dataIndex: 'workNo', width: 120, render: (v: string | null) => v || '—' },
  { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string | null) => v || '—' },
  { title: '邮箱', dataIndex: 'email', ellipsis: true, render: (v: string | null) => v || '—' },
];

function DepartUsers({ departId }: { departId: string }) {
  const users = useDepartUsers(departId);
  if (!users.canSee) return null;
  return (
    <Card title={`部门用户（${users.data?.length ?? 0}）`} size="small" aria-label="部门用户">
      <Table<DepartUser>
        rowKey="id"
        size="small"
        columns={userColumns}
        dataSource={users.data ?? []}
        loading={users.isFetching}
        pagination={{ ...PAGER_ICONS, pageSize: 10, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 人` }}
        locale={{ emptyText: users.isError ? '加载失败，请稍后重试' : '该部门暂无用户' }}
      />
    </Card>
  );
}

/** 部门管理 on desktop and tablet: the tree with its search on the left, the chosen department's form and users on the right. */
export default function DepartListDesktop(screen: TreeScreen) {
  return <ResourceTreeSide screen={screen} heading="组织机构" removeNote="有下级部门或用户的部门不能删除" detail={(row) => <DepartUsers departId={row.id} />} />;
}
