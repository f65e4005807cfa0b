import { DatePicker } from 'antd';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import dayjs from '@/lib/dayjs.ts';
import type { CheckinDailyPage } from './checkin-daily.tsx';

/** 今日签到 on desktop and tablet: the day's table, any past day chosen beside the heading. */
export default function CheckinDailyDesktop({ list, date, setDate, summary, workplaces }: CheckinDailyPage) {
  return (
    <ListDesktop
      list={list}
      above={workplaces}
      toolbar={
        <>
          <DatePicker aria-label="日期" allowClear={false} value={dayjs(date)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} onChange={(value) => value && setDate(value.format('YYYY-MM-DD'))} />
          <span role="status">{summary}</span>
        </>
      }
    />
  );
}
