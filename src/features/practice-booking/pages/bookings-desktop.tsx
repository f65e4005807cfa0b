import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Radio, Select, Spin, Switch, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { HOLIDAY_DICT } from '@contract/dict.ts';
import { schoolToday } from '@contract/internship.ts';
import {
  BOOKING_MSG,
  BOOKING_PERMISSIONS,
  HOLIDAY_CHOICES,
  HOLIDAY_CHOICE_LABELS,
  PERIODS,
  bookingDates,
  bookingSchema,
  holidaysAmong,
  weekDates,
  type BookingInput,
  type BookingRow,
  type BookingStatus,
  type HolidayChoice,
  type PickKind,
  type TimetableEntry,
} from '@contract/practice-booking.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { LoadMoreTable } from '@/components/load-more-table/load-more-table.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { useDictItems } from '@/hooks/use-dict-items.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import { useAddBooking, useBookingList, usePick, useTimetable } from '../api/booking-api.ts';
import { STATUS_TONE, statusText, whenText } from '../components/booking-text.ts';
import { WeekGrid } from '../components/week-grid.tsx';
import '../practice-booking.css';

interface FormValues {
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
type FieldErrors = Partial<Record<keyof FormValues, string>>;

const PERIOD_OPTIONS = PERIODS.map((p) => ({ value: p, label: `第${p}节` }));
const iso = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : '');
const HOLIDAY_OPTIONS = HOLIDAY_CHOICES.map((value) => ({ value, label: HOLIDAY_CHOICE_LABELS[value] }));
/** A date typed in before today is refused at its field (never swapped for another date by the picker). */
const pastProblem = (d?: Dayjs) => (d && iso(d) < schoolToday() ? BOOKING_MSG.datePast : undefined);

/** A choice of the booking form, searched on the server as the person types (never every row). */
function PickSelect({ kind, label, value, onChange }: { kind: PickKind; label: string; value?: string; onChange?: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const options = usePick(kind, search);
  return (
    <Select
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={`请选择${label}`}
      loading={options.isFetching}
      value={value}
      onChange={onChange}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
      notFoundContent={options.isFetching ? <Spin size="small" /> : '无匹配结果'}
    />
  );
}

/** Who holds a slot the form cannot take: the room's, the class's and the teacher's bookings of the week, pending ones too. */
function useBusy(values: FormValues, week: string) {
  const room = useTimetable(values.classroomId ? 'room' : null, values.classroomId ?? null, week, true);
  const klass = useTimetable(values.classId ? 'class' : null, values.classId ?? null, week, true);
  const teacher = useTimetable(values.teacherUserId ? 'teacher' : null, values.teacherUserId ?? null, week, true);
  const entries = useMemo(() => {
    const all = [room.data, klass.data, teacher.data].flatMap((t) => t?.entries ?? []);
    return all.filter((e, i) => all.findIndex((x) => x.bookingId === e.bookingId && x.date === e.date) === i);
  }, [room.data, klass.data, teacher.data]);
  return { entries, loading: room.isFetching || klass.isFetching || teacher.isFetching };
}

const holder = (e: TimetableEntry) => `${e.className} · ${e.teacherName} · ${e.roomName}${e.status === 'pending' ? '（审批中）' : ''}`;

/** A teacher books for themselves (chosen already); the 教务处 chooses any teacher. */
function BookingDrawer({ open, forAnyone, onClose }: { open: boolean; forAnyone: boolean; onClose: () => void }) {
  const { userInfo } = useSession();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch([], form) ?? {};
  const [errors, setErrors] = useState<FieldErrors>({});
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
    const v = form.getFieldsValue(true) as FormValues;
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
    const found: FieldErrors = v.repeat && !v.repeatUntil ? { repeatUntil: '请选择重复截止日期' } : {};
    if (pastProblem(v.date)) found.date = pastProblem(v.date);
    if (onHolidays.length && !v.holidays) found.holidays = BOOKING_MSG.holidayChoice;
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = (issue.path[0] === 'id' ? 'purpose' : issue.path[0]) as keyof FormValues;
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
      onClose();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : '提交失败，请稍后重试');
    }
  };

  const item = (name: keyof FormValues) => ({ validateStatus: errors[name] ? ('error' as const) : undefined, help: errors[name] });
  const [head, ...lines] = (refusal ?? '').split('\n');
  return (
    <Drawer title="新建实训预约" open={open} onClose={onClose} size="large" styles={{ wrapper: { width: 1040 } }} destroyOnHidden extra={<Button type="primary" loading={add.isPending} onClick={() => void submit()}>提交预约</Button>}>
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={head} description={lines.length ? <ul className="practice-conflicts">{lines.map((l) => <li key={l}>{l}</li>)}</ul> : undefined} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ teacherUserId: forAnyone ? undefined : userInfo?.id, periodFrom: 1, periodTo: 2, repeat: false }}
        onValuesChange={(changed: FormValues) => setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(changed).map((k) => [k, undefined])), ...('date' in changed ? { date: pastProblem(changed.date) } : {}) }))}
        className="practice-booking-form"
      >
        <div className="practice-booking-form__grid">
          <Form.Item label="实训室" name="classroomId" required {...item('classroomId')}>
            <PickSelect kind="room" label="实训室" />
          </Form.Item>
          <Form.Item label="课程" name="courseId" required {...item('courseId')}>
            <PickSelect kind="course" label="课程" />
          </Form.Item>
          <Form.Item label="班级" name="classId" required {...item('classId')}>
            <PickSelect kind="class" label="班级" />
          </Form.Item>
          <Form.Item label="授课教师" name="teacherUserId" required {...item('teacherUserId')}>
            <PickSelect kind="teacher" label="授课教师" />
          </Form.Item>
          <Form.Item label="日期" name="date" required {...item('date')}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" format="YYYY-MM-DD" />
          </Form.Item>
          <Form.Item label="开始节次" name="periodFrom" required {...item('periodFrom')}>
            <Select aria-label="开始节次" options={PERIOD_OPTIONS} />
          </Form.Item>
          <Form.Item label="结束节次" name="periodTo" required {...item('periodTo')}>
            <Select aria-label="结束节次" options={PERIOD_OPTIONS} />
          </Form.Item>
          <Form.Item label="按周重复（整学期）" name="repeat" valuePropName="checked">
            <Switch aria-label="按周重复" />
          </Form.Item>
          {values.repeat && (
            <Form.Item label="重复至" name="repeatUntil" required {...item('repeatUntil')}>
              <DatePicker style={{ width: '100%' }} placeholder="最后一次的日期" format="YYYY-MM-DD" />
            </Form.Item>
          )}
        </div>
        {onHolidays.length > 0 && (
          <Form.Item label="法定节假日" name="holidays" required {...item('holidays')} extra={`${onHolidays.join('、')}是法定节假日`}>
            <Radio.Group options={HOLIDAY_OPTIONS} />
          </Form.Item>
        )}
        <Form.Item label="实训内容" name="purpose" required {...item('purpose')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：PLC 编程与调试实训" />
        </Form.Item>
      </Form>
      <Spin spinning={busy.loading}>
        <WeekGrid
          week={week}
          entries={busy.entries}
          describe={holder}
          caption="选择空闲节次（已选实训室、班级和教师本周的占用情况）"
          onPick={pickSlot}
          picked={values.date && values.periodFrom && values.periodTo ? { date: iso(values.date), periodFrom: values.periodFrom, periodTo: values.periodTo } : null}
        />
        <div className="week-grid__legend">
          <span><i style={{ background: '#fff' }} />空闲（点击选择，再点下一节延长）</span>
          <span><i style={{ background: '#e6f4ff' }} />已通过</span>
          <span><i style={{ background: '#fff7e6' }} />审批中</span>
          <span><i style={{ background: '#d9f7be' }} />本次预约</span>
        </div>
      </Spin>
    </Drawer>
  );
}

/** 实训预约 on desktop: my bookings (everyone's for the 教务处) with their approval, and a new booking beside the week's free slots. */
export default function BookingsDesktop() {
  const list = useBookingList();
  const all = usePermission(BOOKING_PERMISSIONS.all);
  const [open, setOpen] = useState(false);
  // Each opening is a new booking: its own id, blank fields and no banner of the last one.
  const [opening, setOpening] = useState(0);
  const columns: TableColumnsType<BookingRow> = [
    { title: '时间', key: 'when', width: 230, render: (_, b) => whenText(b) },
    { title: '实训室', dataIndex: 'roomName', width: 150 },
    { title: '课程', dataIndex: 'courseName', width: 150 },
    { title: '班级', dataIndex: 'className', width: 150 },
    { title: '授课教师', dataIndex: 'teacherName', width: 100 },
    { title: '实训内容', dataIndex: 'purpose', ellipsis: true },
    ...(all ? [{ title: '申请人', dataIndex: 'applicantName', width: 100 }] : []),
    { title: '状态', dataIndex: 'status', width: 90, render: (status: BookingStatus) => <Tag color={STATUS_TONE[status]}>{statusText(status)}</Tag> },
  ];
  return (
    <AntdProvider>
      <section className="practice-page" aria-label="实训预约">
        <div className="practice-page__toolbar">
          <h2>实训预约</h2>
          <Button
            type="primary"
            onClick={() => {
              setOpening((n) => n + 1);
              setOpen(true);
            }}
          >
            新建预约
          </Button>
        </div>
        <LoadMoreTable<BookingRow> list={list} columns={columns} emptyText="暂无实训预约" />
        <BookingDrawer key={opening} open={open} forAnyone={all} onClose={() => setOpen(false)} />
      </section>
    </AntdProvider>
  );
}
