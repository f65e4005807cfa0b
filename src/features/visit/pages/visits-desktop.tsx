import { Alert } from 'antd';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import type { VisitsPage } from '../hooks/use-visits-page.tsx';

/** 走访记录 on desktop and tablet: the visits, filed on the phone. */
export default function VisitsDesktop({ list }: VisitsPage) {
  return <ListDesktop list={list} above={<Alert type="info" showIcon title="走访记录在手机上填写（可离线，照片自动压缩），联网后自动提交。" style={{ marginBottom: 12 }} />} />;
}
