import { ListPhone } from '@/components/list/list-phone.tsx';
import type { JobListPage } from './job-list.tsx';

/** 定时任务 on the phone (antd-mobile only): a card per job with 暂停/恢复 and 立即执行; cron changes are for the desktop. */
export default function JobListPhone({ list }: JobListPage) {
  return <ListPhone list={list} />;
}
