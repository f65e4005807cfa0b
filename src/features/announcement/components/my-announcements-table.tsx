import { Button, Segmented, Table, type TableColumnsType } from 'antd';
import type { MyAnnouncement } from '@contract/announcement.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { PAGE_SIZE, READ_FILTERS, type MyAnnouncementList, type ReadFilter } from '../hooks/use-my-announcement-list.ts';
import { fullTime } from '../utils/notice-time.ts';
import { NoticeDetailModal } from './notice-detail-modal.tsx';
import { PriorityTag } from './priority-tag.tsx';
import './my-announcements.css';

const CATEGORY: Record<string, string> = { '1': '通知', '2': '系统消息' };

/** 我的消息 on desktop and tablet: a read filter, a paged antd table, the detail dialog. */
export default function MyAnnouncementsTable({ list }: { list: MyAnnouncementList }) {
  const columns: TableColumnsType<MyAnnouncement> = [
    {
      title: '标题',
      dataIndex: 'titile',
      render: (_value, record) => (
        <Button
          type="link"
          className={`my-announcements__title${record.readFlag === '0' ? ' is-unread' : ''}`}
          onClick={(event) => {
            event.stopPropagation();
            list.show(record);
          }}
        >
          {record.titile}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'msgCategory', width: 96, render: (value: string) => CATEGORY[value] ?? '—' },
    { title: '发布人', dataIndex: 'sender', width: 120, render: (value: string | null) => value || '—' },
    { title: '优先级', dataIndex: 'priority', width: 88, render: (value: MyAnnouncement['priority']) => <PriorityTag priority={value} /> },
    { title: '发布时间', dataIndex: 'sendTime', width: 170, render: (value: string | null) => fullTime(value) },
    {
      title: '状态',
      dataIndex: 'readFlag',
      width: 80,
      render: (value: string) => <span className={value === '0' ? 'my-announcements__unread' : 'my-announcements__read'}>{value === '0' ? '未读' : '已读'}</span>,
    },
  ];
  return (
    <AntdProvider>
      <section className="my-announcements" aria-label="我的消息">
        <div className="my-announcements__toolbar">
          <h2 className="my-announcements__heading">我的消息</h2>
          <Segmented<ReadFilter> aria-label="按已读状态筛选" options={READ_FILTERS} value={list.filter} onChange={list.setFilter} />
        </div>
        <Table<MyAnnouncement>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.records}
          loading={list.fetching}
          scroll={{ x: 760 }}
          onRow={(record) => ({ onClick: () => list.show(record), className: 'my-announcements__row' })}
          locale={{ emptyText: '暂无消息' }}
          pagination={{
            ...PAGER_ICONS,
            current: list.pageNo,
            pageSize: PAGE_SIZE,
            total: list.total,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: list.setPageNo,
          }}
        />
      </section>
      <NoticeDetailModal detail={list.detail} onClose={list.closeDetail} />
    </AntdProvider>
  );
}
