import { ListPhone } from '@/components/list/list-phone.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import { InstanceDetailPhone } from '../components/instance-detail-phone.tsx';
import type { WorkflowListPage } from './workflow-lists.tsx';

/** 我的待办, 我的已办 or 我的申请 on the phone (antd-mobile only): the cards, the application full screen. */
export default function WorkflowListPhone<Row>({ list, mode, detail, close }: WorkflowListPage<Row>) {
  return (
    <ListPhone list={list}>
      <Popup visible={detail.open} position="right" onClose={close} destroyOnClose bodyClassName="workflow-phone__sheet">
        <PhoneNavBar onBack={close}>申请详情</PhoneNavBar>
        <div className="workflow-phone__body">{detail.id && <InstanceDetailPhone id={detail.id} mode={mode} onDone={close} />}</div>
      </Popup>
    </ListPhone>
  );
}
