import { useState } from 'react';
import type { MyAnnouncement, ReadFlag } from '@contract/announcement.ts';
import { usePagedList, usePaging } from '@/components/list/list-data.ts';
import type { DeclaredList, ListDeclaration } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { myAnnouncementsQuery, myAnnouncementsScrollQuery } from '../api/get-my-announcements.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';
import { PriorityTag } from '../components/priority-tag.tsx';
import type { DetailState } from '../hooks/use-notice-bell.ts';
import { fullTime, noticeTime } from '../utils/notice-time.ts';
import './my-announcements.css';

type ReadFilter = 'all' | ReadFlag;
const READ_FILTERS: readonly { value: ReadFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];
const PHONE_PAGE_SIZE = 10;
const CATEGORY: Record<string, string> = { '1': '通知', '2': '系统消息' };
const unread = (row: MyAnnouncement) => row.readFlag === '0';

/** 我的消息 declared once (no UI library here): unread ones stand out, a row opens the message. */
const MY_ANNOUNCEMENTS: Omit<ListDeclaration<MyAnnouncement>, 'rowKey'> = {
  title: '我的消息',
  columns: [
    { key: 'titile', label: '标题', opens: true, phone: 'title', show: (row) => <span className={unread(row) ? 'my-announcements__title is-unread' : 'my-announcements__title'}>{row.titile}</span> },
    { key: 'msgCategory', label: '类型', width: 96, show: (row) => CATEGORY[row.msgCategory] },
    { key: 'sender', label: '发布人', width: 120, phone: 'bare' },
    { key: 'priority', label: '优先级', width: 88, show: (row) => <PriorityTag priority={row.priority} />, phone: 'bare' },
    { key: 'sendTime', label: '发布时间', width: 170, show: (row) => fullTime(row.sendTime), phoneShow: (row) => noticeTime(row.sendTime), phone: 'bare' },
    { key: 'readFlag', label: '状态', width: 80, show: (row) => <span className={unread(row) ? 'my-announcements__unread' : 'my-announcements__read'}>{unread(row) ? '未读' : '已读'}</span>, phone: 'extra' },
  ],
  empty: '暂无消息',
  scrollX: 760,
};

/**
 * 我的消息's hook (components/device-page.tsx): the read filter, the page (the desktop pages, the phone scrolls)
 * and the open message, kept across a change of device. Opening an unread one marks it read.
 */
export function useUserAnnouncementPage(device: Device) {
  const [filter, setFilter] = useState<ReadFilter>('all');
  const paging = usePaging();
  const [detail, setDetail] = useState<DetailState>({ id: null, open: false });
  const readFlag = filter === 'all' ? {} : { readFlag: filter };
  const data = usePagedList(
    { page: (page) => myAnnouncementsQuery({ ...page, ...readFlag }), scroll: () => myAnnouncementsScrollQuery({ pageSize: PHONE_PAGE_SIZE, ...readFlag }) },
    device,
    paging,
  );
  const markRead = useMarkAnnouncementRead();
  const list: DeclaredList<MyAnnouncement> = {
    ...MY_ANNOUNCEMENTS,
    rowKey: (row) => row.id,
    open: (row) => {
      if (unread(row)) markRead.mutate({ anntId: row.id });
      setDetail({ id: row.id, open: true });
    },
    filter: {
      label: '按已读状态筛选',
      options: READ_FILTERS,
      value: filter,
      onChange: (value) => {
        setFilter(READ_FILTERS.find((f) => f.value === value)?.value ?? 'all');
        paging.first();
      },
    },
    data,
  };
  return { list, detail, closeDetail: () => setDetail((d) => ({ ...d, open: false })) };
}

export type MyAnnouncementsPage = ReturnType<typeof useUserAnnouncementPage>;
