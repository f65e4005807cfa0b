import { DotLoading, List } from 'antd-mobile';
import { ResourceTreePhone } from '@/components/resource/resource-tree-phone.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import { useDepartUsers } from '../api/get-depart-users.ts';

function DepartUsers({ departId }: { departId: string }) {
  const users = useDepartUsers(departId);
  if (!users.canSee) return null;
  let items;
  if (users.isPending) {
    items = (
      <List.Item>
        加载中
        <DotLoading />
      </List.Item>
    );
  } else if (users.isError) items = <List.Item>加载失败，请下拉刷新重试</List.Item>;
  else if (users.data.length === 0) items = <List.Item>该部门暂无用户</List.Item>;
  else {
    items = users.data.map((u) => (
      <List.Item key={u.id} description={[u.username, u.workNo, u.phone].filter(Boolean).join(' · ')}>
        {u.realname}
      </List.Item>
    ));
  }
  return (
    <section aria-label="部门用户">
      <List mode="card" header={`部门用户（${users.data?.length ?? 0}）`}>
        {items}
      </List>
    </section>
  );
}

/** 部门管理 on the phone (antd-mobile only): the departments a level at a time, each with its sub-departments and users. */
export default function DepartListPhone(screen: TreeScreen) {
  return <ResourceTreePhone screen={screen} heading="组织机构" detail={(row) => <DepartUsers departId={row.id} />} />;
}
