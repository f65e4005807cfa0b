import { useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { HOLIDAY_DICT } from '@contract/dict.ts';
import { schoolToday } from '@contract/internship.ts';
import { BOOKING_MSG, BOOKING_PERMISSIONS, bookingDates, bookingSchema, holidaysAmong, weekDates, type BookingInput, type BookingRow, type HolidayChoice } from '@contract/practice-booking.ts';
import { scrolledList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { Device } from '@/hooks/use-device.ts';
import { useDictItems } from '@/hooks/use-dict-items.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import { useAddBooking, useBookingList, useTimetable } from '../api/booking-api.ts';

import { STATUS_TONE, statusText, whenText } from './booking-text.ts';

/** The state and actions of 实训预约 for both layouts (no UI library here). */

/** The bookings' columns; the phone's card reads 实训室 · 课程 over 时间 · 班级 · 教师. The 教务处 sees who applied. */
const columns = (all: boolean): ListColumn<BookingRow>[] => [
  { key: 'when', label: '时间', width: 230, show: whenText, phone: 'bare', phoneShow: (b) => `${whenText(b)} · ${b.className} · ${b.teacherName}` },
  { key: 'roomName', label: '实训室', width: 150, phone: 'title', phoneShow: (b) => `${b.roomName} · ${b.courseName}` },
  { key: 'courseName', label: '课程', width: 150 },
  { key: 'className', label: '班级', width: 150 },
  { key: 'teacherName', label: '授课教师', width: 100 },
  { key: 'purpose', label: '实训内容', ellipsis: true },
  ...(all ? [{ key: 'applicantName', label: '申请人', width: 100 }] : []),
  { key: 'status', label: '状态', width: 90, show: (b) => ({ tag: statusText(b.status), tone: STATUS_TONE[b.status] }), phone: 'extra' },
];

/**
 * The page's hook (components/device-page.tsx): my bookings (everyone's for the 教务处) and the new
 * booking's form, each opening a new booking (its own id, blank fields and no banner of the last one).
 * Booking is on the desktop, beside the week's free slots.
 */
export function useBookingsPage(device: Device) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  /** The 教务处 sees every booking and books for any teacher. */
  const all = usePermission(BOOKING_PERMISSIONS.all);
  const startNew = () => {
    setOpening((n) => n + 1);
    setOpen(true);
  };
  const list: DeclaredList<BookingRow> = {
    title: '实训预约',
    rowKey: (b) => b.id,
    columns: columns(all),
    tools: device === 'phone' ? undefined : [{ key: 'new', label: '新建预约', run: startNew }],
    empty: '暂无实训预约',
    data: scrolledList(useBookingList()),
  };
  return { state: { list, all, open, opening, startNew, close: () => setOpen(false) } };
}

export type BookingsState = ReturnType<typeof useBookingsPage>['state'];

export interface BookingFormValues {
  classroomId?: string;
  courseId?: string;
  classId?: string;
  teacherUserId?: string;
  date?: Dayjs;
  periodFrom?: number;
  periodTo?: number;
  repeat?: boolean;
  repeatUntil?: Dayjs;
  holidays?: HolidayChoice;
  purpose?: string;
}
export type BookingFieldErrors = Partial<Record<keyof BookingFormValues, string>>;

/** What the booking form needs of the layout's form (antd's). */
interface BookingFormHandle {
  setFieldsValue(values: Partial<BookingFormValues>): void;
  getFieldsValue(all: true): BookingFormValues;
}

const iso = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : '');
/** A date typed in before today is refused at its field (never swapped for another date by the picker). */
const pastProblem = (d?: Dayjs) => (d && iso(d) < schoolToday() ? BOOKING_MSG.datePast : undefined);

/** Who holds a slot the form cannot take: the room's, the class's and the teacher's bookings of the week, pending ones too. */
function useBusy(values: BookingFormValues, week: string) {
  const room = useTimetable(values.classroomId ? 'room' : null, values.classroomId ?? null, week, true);
  const klass = useTimetable(values.classId ? 'class' : null, values.classId ?? null, week, true);
  const teacher = useTimetable(values.teacherUserId ? 'teacher' : null, values.teacherUserId ?? null, week, true);
  const entries = useMemo(() => {
    const all = [room.data, klass.data, teacher.data].flatMap((t) => t?.entries ?? []);
    return all.filter((e, i) => all.findIndex((x) => x.bookingId === e.bookingId && x.date === e.date) === i);
  }, [room.data, klass.data, teacher.data]);
  return { entries, loading: room.isFetching || klass.isFetching || teacher.isFetching };
}

/**
 * The new booking's form, given the layout's form and the values it watches: each field's problem (the
 * shared schema's message, a past date at once), the server's refusal, the week's busy slots, the
 * holidays the dates fall on, a slot picked on the week, and 提交预约.
 */
export function useBookingForm(form: BookingFormHandle, values: BookingFormValues, state: BookingsState) {
  const { userInfo } = useSession();
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [id] = useState(newUuid);
  const add = useAddBooking();
  const week = weekDates(iso(values.date) || schoolToday());
  const busy = useBusy(values, week[0]!);
  const holidayItems = useDictItems(HOLIDAY_DICT).data;
  const onHolidays = values.date ? holidaysAmong(bookingDates(iso(values.date), values.repeat ? iso(values.repeatUntil) || null : null), holidayItems ?? []) : [];

  // A click chooses one period; a click on the period right after the clicked run extends it.
  const [run, setRun] = useState<{ date: string; from: number; to: number } | null>(null);
  const pickSlot = (date: string, period: number) => {
    const from = run && run.date === date && period === run.to + 1 ? run.from : period;
    setRun({ date, from, to: period });
    form.setFieldsValue({ date: dayjs(date), periodFrom: from, periodTo: period });
    setErrors((e) => ({ ...e, date: undefined, periodFrom: undefined, periodTo: undefined }));
  };

  const submit = async () => {
    const v = form.getFieldsValue(true);
    const input = {
      id,
      classroomId: v.classroomId ?? '',
      courseId: v.courseId ?? '',
      classId: v.classId ?? '',
      teacherUserId: v.teacherUserId ?? '',
      date: iso(v.date),
      periodFrom: v.periodFrom,
      periodTo: v.periodTo,
      purpose: v.purpose ?? '',
      repeatUntil: v.repeat ? iso(v.repeatUntil) || null : null,
      ...(onHolidays.length && v.holidays ? { holidays: v.holidays } : {}),
    };
    const checked = bookingSchema.safeParse(input);
    setRefusal(null);
    // A weekly repeat switched on needs its last date, which the schema (where it is optional) cannot know.
    const found: BookingFieldErrors = v.repeat && !v.repeatUntil ? { repeatUntil: '请选择重复截止日期' } : {};
    if (pastProblem(v.date)) found.date = pastProblem(v.date);
    if (onHolidays.length && !v.holidays) found.holidays = BOOKING_MSG.holidayChoice;
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = (issue.path[0] === 'id' ? 'purpose' : issue.path[0]) as keyof BookingFormValues;
      found[field] ??= issue.message;
    }
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(checked.data as BookingInput);
      notify.success(BOOKING_MSG.submitted);
      state.close();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : '提交失败，请稍后重试');
    }
  };

  return {
    /** A teacher books for themselves (chosen already); the 教务处 chooses any teacher. */
    initialValues: { teacherUserId: state.all ? undefined : userInfo?.id, periodFrom: 1, periodTo: 2, repeat: false },
    errors,
    /** A changed field's problem goes; a date in the past is said at once. */
    onValuesChange: (changed: BookingFormValues) =>
      setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(changed).map((k) => [k, undefined])), ...('date' in changed ? { date: pastProblem(changed.date) } : {}) })),
    /** The server's refusal: its first line, then each booking in the way. */
    refusal: refusal === null ? null : { head: refusal.split('\n')[0]!, lines: refusal.split('\n').slice(1) },
    week,
    busy,
    onHolidays,
    pickSlot,
    picked: values.date && values.periodFrom && values.periodTo ? { date: iso(values.date), periodFrom: values.periodFrom, periodTo: values.periodTo } : null,
    submit,
    pending: add.isPending,
  };
}
