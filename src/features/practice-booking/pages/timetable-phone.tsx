import { Button, DotLoading, ErrorBlock, List } from 'antd-mobile';
import { WEEKDAY_LABELS, periodRange } from '@contract/practice-booking.ts';
import type { TimetableState } from '../components/use-timetable.ts';
import '../practice-booking.css';

/** 实训课表 on the phone: my week (a student's class, a teacher's own) as a strip of days, and the chosen day's sessions. */
export default function TimetablePhone({ state }: { state: TimetableState }) {
  const { shown, timetable: data, day, date } = state;
  return (
    <section aria-label="实训课表">
      <div className="timetable-phone__week">
        <Button size="small" fill="none" onClick={() => state.shiftWeek(-1)}>
          ‹ 上周
        </Button>
        <span className="timetable-phone__title">
          {data?.title}
          <small>{state.weekSpan}</small>
        </span>
        <Button size="small" fill="none" onClick={() => state.shiftWeek(1)}>
          下周 ›
        </Button>
      </div>
      <div className="timetable-phone__strip" role="group" aria-label="选择日期">
        {WEEKDAY_LABELS.map((label, i) => {
          const d = data?.week[i];
          const busy = state.busyOn(d);
          return (
            <button key={label} type="button" className="timetable-phone__day" aria-pressed={i === day} aria-label={`${label}${d ? ` ${d}` : ''}${busy ? '，有安排' : ''}`} onClick={() => state.tapDay(i)}>
              {label}
              <b>{d ? Number(d.slice(8)) : ''}</b>
              {busy && <span className="timetable-phone__dot" />}
            </button>
          );
        })}
      </div>
      {shown.isPending ? (
        <DotLoading />
      ) : shown.isError ? (
        <ErrorBlock status="default" title="课表加载失败" description={shown.error.message} />
      ) : state.dayEntries.length === 0 ? (
        <ErrorBlock status="empty" title="这一天没有实训安排" description="" />
      ) : (
        <List header={`${WEEKDAY_LABELS[day]} ${date}`}>
          {state.dayEntries.map((e) => (
            <List.Item key={e.bookingId} prefix={<span className="timetable-phone__period">{periodRange(e.periodFrom, e.periodTo)}</span>} description={`${e.roomName} · ${data?.by === 'class' ? e.teacherName : e.className}`}>
              {e.courseName}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
