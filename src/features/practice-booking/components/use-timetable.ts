import { useState } from 'react';
import { addDays, isoWeekday, schoolToday } from '@contract/internship.ts';
import { BOOKING_PERMISSIONS, TIMETABLE_BY_LABELS, type PickKind, type TimetableBy } from '@contract/practice-booking.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { exportTimetable, useMyTimetable, usePick, useTimetable } from '../api/booking-api.ts';
import { shiftWeek, thisWeek } from './week-nav.tsx';

const PICK_OF: Record<TimetableBy, PickKind> = { class: 'class', teacher: 'teacher', room: 'room' };

/**
 * 实训课表's hook (components/device-page.tsx): the week shown; my own timetable until whoever may book
 * chooses a class's, a teacher's or a room's (searched as they type); the day the phone shows; 导出Excel.
 */
export function useTimetablePage() {
  const canChoose = usePermission(BOOKING_PERMISSIONS.add);
  const [week, setWeek] = useState(thisWeek);
  const [by, setBy] = useState<TimetableBy | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // The day tapped; until then today in this week, elsewhere the week's first day with a session.
  const [tapped, setTapped] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  // My own week until a class, teacher or room is chosen; then only the chosen one is read.
  const mine = useMyTimetable(week, !(by && id));
  const chosen = useTimetable(by, id, week);
  const options = usePick(by ? PICK_OF[by] : 'class', search, canChoose && by !== null);
  const shown = by && id ? chosen : mine;
  const timetable = shown.data;
  const busyOn = (date: string | undefined) => Boolean(date && timetable?.entries.some((e) => e.date === date));
  const firstBusy = timetable ? timetable.week.findIndex(busyOn) : -1;
  const day = tapped ?? (week === thisWeek() ? isoWeekday(schoolToday()) - 1 : Math.max(firstBusy, 0));
  const date = timetable?.week[day];
  const goWeek = (next: string) => {
    setWeek(next);
    setTapped(null);
  };
  return {
    state: {
      canChoose,
      week,
      /** Monday to Sunday, as the phone's title gives it. */
      weekSpan: `${week.slice(5)} 至 ${addDays(week, 6).slice(5)}`,
      shiftWeek: (weeks: number) => goWeek(shiftWeek(week, weeks)),
      toThisWeek: () => goWeek(thisWeek()),
      by,
      /** 班级, 教师 or 实训室: what is chosen by. */
      byName: by ? TIMETABLE_BY_LABELS[by].replace('课表', '') : '',
      chooseBy: (next: TimetableBy | null) => {
        setBy(next);
        setId(null);
        setSearch('');
      },
      id,
      choose: setId,
      search: setSearch,
      options,
      shown,
      timetable,
      busyOn,
      day,
      date,
      tapDay: setTapped,
      dayEntries: (timetable?.entries ?? []).filter((e) => e.date === date),
      exporting,
      exportShown: async () => {
        if (!timetable) return;
        setExporting(true);
        try {
          await exportTimetable(timetable.by, timetable.id, week, `${timetable.title}${TIMETABLE_BY_LABELS[timetable.by]}`);
        } finally {
          setExporting(false);
        }
      },
    },
  };
}

export type TimetableState = ReturnType<typeof useTimetablePage>['state'];
