import { Button, DotLoading, ErrorBlock, List, NoticeBar, Tag } from 'antd-mobile';
import { useBookingList } from '../api/booking-api.ts';
import { STATUS_TONE, statusText, whenText } from '../components/booking-text.ts';
import '../practice-booking.css';

const MOBILE_TONE: Record<string, 'warning' | 'success' | 'danger' | 'default'> = { warning: 'warning', success: 'success', error: 'danger', default: 'default' };

/** 实训预约 on the phone: my bookings and their approval; booking itself is on the desktop, beside the week's free slots. */
export default function BookingsPhone() {
  const list = useBookingList();
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <section aria-label="实训预约">
      <NoticeBar content="新建预约请在电脑上操作，可查看实训室的空闲节次" color="info" />
      {list.isPending ? (
        <DotLoading />
      ) : list.isError ? (
        <ErrorBlock status="default" title="加载失败" description={list.error.message} />
      ) : rows.length === 0 ? (
        <ErrorBlock status="empty" title="暂无实训预约" description="" />
      ) : (
        <List>
          {rows.map((b) => (
            <List.Item key={b.id} description={`${whenText(b)} · ${b.className} · ${b.teacherName}`} extra={<Tag color={MOBILE_TONE[STATUS_TONE[b.status]]}>{statusText(b.status)}</Tag>}>
              {b.roomName} · {b.courseName}
            </List.Item>
          ))}
        </List>
      )}
      {list.hasNextPage && (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </section>
  );
}
