import { Drawer } from 'antd';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { InstanceDetailDesktop } from '../components/instance-detail-desktop.tsx';
import type { WorkflowListPage } from './workflow-lists.tsx';

/** 我的待办, 我的已办 or 我的申请 on desktop and tablet: the table, the application in a drawer. */
export default function WorkflowListDesktop<Row>({ list, mode, detail, close }: WorkflowListPage<Row>) {
  return (
    <ListDesktop list={list}>
      <Drawer title="申请详情" size={640} open={detail.open} onClose={close} destroyOnHidden>
        {detail.id && <InstanceDetailDesktop id={detail.id} mode={mode} onDone={close} />}
      </Drawer>
    </ListDesktop>
  );
}
