import { List, NoticeBar } from 'antd-mobile';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { ToneTagPhone } from '@/components/tone-tag-phone.tsx';
import { STATUS_TONE, statusText, whenText } from '../components/booking-text.ts';
import type { BookingsState } from '../components/use-bookings.ts';
import '../practice-booking.css';

/** 实训预约 on the phone: my bookings and their approval; booking itself is on the desktop, beside the week's free slots. */
export default function BookingsPhone({ state }: { state: BookingsState }) {
  const rows = state.list.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <section aria-label="实训预约">
      <NoticeBar content="新建预约请在电脑上操作，可查看实训室的空闲节次" color="info" />
      <PhoneInfiniteList query={state.list} empty={rows.length === 0} emptyTitle="暂无实训预约" emptyDescription="">
        <List>
          {rows.map((b) => (
            <List.Item key={b.id} description={`${whenText(b)} · ${b.className} · ${b.teacherName}`} extra={<ToneTagPhone tone={STATUS_TONE[b.status]}>{statusText(b.status)}</ToneTagPhone>}>
              {b.roomName} · {b.courseName}
            </List.Item>
          ))}
        </List>
      </PhoneInfiniteList>
    </section>
  );
}
