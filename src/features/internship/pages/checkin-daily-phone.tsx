import { ListPhone } from '@/components/list/list-phone.tsx';
import type { CheckinDailyPage } from './checkin-daily.tsx';

/** 今日签到 on the phone (antd-mobile only): the day's students, checked in first, with what the server noticed. */
export default function CheckinDailyPhone({ list, date, summary, workplaces }: CheckinDailyPage) {
  return (
    <ListPhone
      list={list}
      header={
        <>
          {workplaces}
          <p className="list-phone__summary" role="status">{`${date} ${summary}`}</p>
        </>
      }
    />
  );
}
