import { List } from 'antd-mobile';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { ResourceTreePhone } from '@/components/resource/resource-tree-phone.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import { useDepartUsers } from '../api/get-depart-users.ts';

function DepartUsers({ departId }: { departId: string }) {
  const users = useDepartUsers(departId);
  if (!users.canSee) return null;
  const rows = users.data ?? [];
  return (
    <section aria-label="部门用户">
      <List mode="card" header={`部门用户（${rows.length}）`}>
        <PhoneListState pending={users.isPending} failed={users.isError} empty={rows.length === 0} emptyTitle="该部门暂无用户" emptyDescription="">
          {rows.map((u) => (
            <List.Item key={u.id} description={[u.username, u.workNo, u.phone].filter(Boolean).join(' · ')}>
              {u.realname}
            </List.Item>
          ))}
        </PhoneListState>
      </List>
    </section>
  );
}

/** 部门管理 on the phone (antd-mobile only): the departments a level at a time, each with its sub-departments and users. */
export default function DepartListPhone(screen: TreeScreen) {
  return <ResourceTreePhone screen={screen} heading="组织机构" detail={(row) => <DepartUsers departId={row.id} />} />;
}
