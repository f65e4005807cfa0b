import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { READ_FILTERS, type MyAnnouncementList, type ReadFilter } from '../hooks/use-my-announcement-list.ts';
import { NoticeList } from './notice-list.tsx';
import { PhoneNoticeDetail } from './phone-notice-detail.tsx';
import './my-announcements.css';

/**
 * 我的消息 on the phone (antd-mobile only): read filter tabs, the list (pull down to reload, the next
 * page loads at its end), the detail sheet.
 */
export default function MyAnnouncementsPhone({ list }: { list: MyAnnouncementList }) {
  const { records, loading, failed, hasMore, loadMore, refresh } = list.scrolled;
  const entries = records.map((r) => ({ id: r.id, titile: r.titile, priority: r.priority, time: r.sendTime, read: r.readFlag === '1', sender: r.sender }));
  const pick = (id: string) => {
    const record = records.find((r) => r.id === id);
    if (record) list.show(record);
  };
  return (
    <section className="my-announcements my-announcements--phone" aria-label="我的消息">
      <Tabs activeKey={list.filter} onChange={(key) => list.setFilter(key as ReadFilter)}>
        {READ_FILTERS.map((f) => (
          <Tabs.Tab key={f.value} title={f.label} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={refresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
        {failed && records.length === 0 ? <p className="notice-list__empty">消息加载失败，请下拉刷新重试</p> : <NoticeList entries={entries} loading={loading} onPick={pick} />}
        {records.length > 0 && (
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            {(more, loadFailed, retry) =>
              more ? (
                loadFailed ? (
                  <button type="button" className="my-announcements__retry" onClick={() => void retry()}>
                    加载失败，点击重试
                  </button>
                ) : (
                  '加载中…'
                )
              ) : (
                `共 ${records.length} 条，没有更多了`
              )
            }
          </InfiniteScroll>
        )}
      </PullToRefresh>
      <PhoneNoticeDetail detail={list.detail} onClose={list.closeDetail} />
    </section>
  );
}
