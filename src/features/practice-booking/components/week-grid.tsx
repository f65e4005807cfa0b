import { PERIODS, WEEKDAY_LABELS, type TimetableEntry } from '@contract/practice-booking.ts';

export interface PickedSlots {
  date: string;
  periodFrom: number;
  periodTo: number;
}

interface WeekGridProps {
  week: string[];
  entries: readonly TimetableEntry[];
  /** What a cell says of a booking (the timetable names the course; the booking form says who holds the slot). */
  describe: (entry: TimetableEntry) => string;
  caption: string;
  /** Free cells become buttons that choose the slot (the booking form). */
  onPick?: (date: string, period: number) => void;
  picked?: PickedSlots | null;
}

const covers = (e: { periodFrom: number; periodTo: number }, period: number) => e.periodFrom <= period && e.periodTo >= period;

/** A week as days × periods (节次 1–12): the timetable on desktop, and the booking form's free and busy slots. */
export function WeekGrid({ week, entries, describe, caption, onPick, picked }: WeekGridProps) {
  return (
    <table className="week-grid">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">节次</th>
          {week.map((date, i) => (
            <th scope="col" key={date}>
              {WEEKDAY_LABELS[i]}
              <span className="week-grid__date">{date.slice(5)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PERIODS.map((period) => (
          <tr key={period}>
            <th scope="row">第{period}节</th>
            {week.map((date, i) => {
              const here = entries.filter((e) => e.date === date && covers(e, period));
              const chosen = picked?.date === date && covers(picked, period);
              const className = ['week-grid__cell', here.length ? 'is-busy' : 'is-free', chosen ? 'is-picked' : '', here.some((e) => e.status === 'pending') ? 'is-pending' : ''].filter(Boolean).join(' ');
              return (
                <td key={date} className={className}>
                  {here.map((e) => (
                    <div key={e.bookingId} className="week-grid__entry" title={`${e.courseName} · ${e.className} · ${e.teacherName} · ${e.roomName}`}>
                      {describe(e)}
                    </div>
                  ))}
                  {!here.length && onPick && (
                    <button type="button" className="week-grid__pick" aria-label={`选择${WEEKDAY_LABELS[i]}（${date}）第${period}节`} aria-pressed={chosen} onClick={() => onPick(date, period)}>
                      {chosen ? '已选' : '空闲'}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
