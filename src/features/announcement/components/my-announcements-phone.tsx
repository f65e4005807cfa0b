import { Button, Tabs } from 'antd-mobile';
import { READ_FILTERS, type MyAnnouncementList, type ReadFilter } from '../hooks/use-my-announcement-list.ts';
import { NoticeList } from './notice-list.tsx';
import { PhoneNoticeDetail } from './phone-notice-detail.tsx';
import './my-announcements.css';

/** 我的消息 on the phone (antd-mobile only): read filter tabs, the list, a pager, the detail sheet. */
export default function MyAnnouncementsPhone({ list }: { list: MyAnnouncementList }) {
  const entries = list.records.map((r) => ({ id: r.id, titile: r.titile, priority: r.priority, time: r.sendTime, read: r.readFlag === '1', sender: r.sender }));
  const pick = (id: string) => {
    const record = list.records.find((r) => r.id === id);
    if (record) list.show(record);
  };
  return (
    <section className="my-announcements my-announcements--phone" aria-label="我的消息">
      <Tabs activeKey={list.filter} onChange={(key) => list.setFilter(key as ReadFilter)}>
        {READ_FILTERS.map((f) => (
          <Tabs.Tab key={f.value} title={f.label} />
        ))}
      </Tabs>
      <NoticeList entries={entries} loading={list.loading} onPick={pick} />
      {list.total > 0 && (
        <nav className="my-announcements__pager" aria-label="分页">
          <Button size="small" disabled={list.pageNo <= 1} onClick={() => list.setPageNo(list.pageNo - 1)}>
            上一页
          </Button>
          <span>
            第 {list.pageNo} / {list.lastPage} 页，共 {list.total} 条
          </span>
          <Button size="small" disabled={list.pageNo >= list.lastPage} onClick={() => list.setPageNo(list.pageNo + 1)}>
            下一页
          </Button>
        </nav>
      )}
      <PhoneNoticeDetail detail={list.detail} onClose={list.closeDetail} />
    </section>
  );
}
