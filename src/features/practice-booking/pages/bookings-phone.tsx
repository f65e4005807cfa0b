import { NoticeBar } from 'antd-mobile';
import { ListPhone } from '@/components/list/list-phone.tsx';
import type { BookingsState } from '../components/use-bookings.ts';
import '../practice-booking.css';

/** 实训预约 on the phone: my bookings and their approval; booking itself is on the desktop, beside the week's free slots. */
export default function BookingsPhone({ state }: { state: BookingsState }) {
  return <ListPhone list={state.list} header={<NoticeBar content="新建预约请在电脑上操作，可查看实训室的空闲节次" color="info" />} />;
}
