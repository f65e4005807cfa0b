import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, List } from 'antd-mobile';
import { WEEKDAY_LABELS, periodRange } from '@contract/practice-booking.ts';
import { addDays, isoWeekday, schoolToday } from '@contract/internship.ts';
import { useMyTimetable } from '../api/booking-api.ts';
import { shiftWeek, thisWeek } from '../components/week-nav.tsx';
import '../practice-booking.css';

/** 实训课表 on the phone: my week (a student's class, a teacher's own) as a strip of days, and the chosen day's sessions. */
export default function TimetablePhone() {
  const [week, setWeek] = useState(thisWeek);
  // The day tapped; until then today in this week, elsewhere the week's first day with a session.
  const [tapped, setTapped] = useState<number | null>(null);
  const timetable = useMyTimetable(week);
  const data = timetable.data;
  const firstBusy = data ? data.week.findIndex((d) => data.entries.some((e) => e.date === d)) : -1;
  const day = tapped ?? (week === thisWeek() ? isoWeekday(schoolToday()) - 1 : Math.max(firstBusy, 0));
  const goWeek = (weeks: number) => {
    setWeek((w) => shiftWeek(w, weeks));
    setTapped(null);
  };
  const date = data?.week[day];
  const entries = (data?.entries ?? []).filter((e) => e.date === date);
  return (
    <section aria-label="实训课表">
      <div className="timetable-phone__week">
        <Button size="small" fill="none" onClick={() => goWeek(-1)}>
          ‹ 上周
        </Button>
        <span className="timetable-phone__title">
          {data?.title}
          <small>{`${week.slice(5)} 至 ${addDays(week, 6).slice(5)}`}</small>
        </span>
        <Button size="small" fill="none" onClick={() => goWeek(1)}>
          下周 ›
        </Button>
      </div>
      <div className="timetable-phone__strip" role="group" aria-label="选择日期">
        {WEEKDAY_LABELS.map((label, i) => {
          const d = data?.week[i];
          const busy = Boolean(d && data?.entries.some((e) => e.date === d));
          return (
            <button key={label} type="button" className="timetable-phone__day" aria-pressed={i === day} aria-label={`${label}${d ? ` ${d}` : ''}${busy ? '，有安排' : ''}`} onClick={() => setTapped(i)}>
              {label}
              <b>{d ? Number(d.slice(8)) : ''}</b>
              {busy && <span className="timetable-phone__dot" />}
            </button>
          );
        })}
      </div>
      {timetable.isPending ? (
        <DotLoading />
      ) : timetable.isError ? (
        <ErrorBlock status="default" title="课表加载失败" description={timetable.error.message} />
      ) : entries.length === 0 ? (
        <ErrorBlock status="empty" title="这一天没有实训安排" description="" />
      ) : (
        <List header={`${WEEKDAY_LABELS[day]} ${date}`}>
          {entries.map((e) => (
            <List.Item key={e.bookingId} prefix={<span className="timetable-phone__period">{periodRange(e.periodFrom, e.periodTo)}</span>} description={`${e.roomName} · ${data?.by === 'class' ? e.teacherName : e.className}`}>
              {e.courseName}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
