import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Radio, Select, Spin, Switch } from 'antd';
import { HOLIDAY_CHOICES, HOLIDAY_CHOICE_LABELS, PERIODS, type PickKind } from '@contract/practice-booking.ts';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { usePick } from '../api/booking-api.ts';
import { holderText } from '../components/booking-text.ts';
import { useBookingForm, type BookingFormValues, type BookingsState } from '../components/use-bookings.ts';
import { WeekGrid } from '../components/week-grid.tsx';
import '../practice-booking.css';

const PERIOD_OPTIONS = PERIODS.map((p) => ({ value: p, label: `第${p}节` }));
const HOLIDAY_OPTIONS = HOLIDAY_CHOICES.map((value) => ({ value, label: HOLIDAY_CHOICE_LABELS[value] }));

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

/** The new booking: its fields, the server's refusal and the week's slots to pick from. */
function BookingDrawer({ state }: { state: BookingsState }) {
  const [form] = Form.useForm<BookingFormValues>();
  const values = Form.useWatch([], form) ?? {};
  const booking = useBookingForm(form, values, state);
  const item = (name: keyof BookingFormValues) => ({ required: true, validateStatus: booking.errors[name] ? ('error' as const) : undefined, help: booking.errors[name] });
  const { refusal } = booking;
  return (
    <Drawer
      title="新建实训预约"
      open={state.open}
      onClose={state.close}
      size="large"
      styles={{ wrapper: { width: 1040 } }}
      destroyOnHidden
      extra={
        <Button type="primary" loading={booking.pending} onClick={() => void booking.submit()}>
          提交预约
        </Button>
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={refusal.head}
          description={
            refusal.lines.length ? (
              <ul className="practice-conflicts">
                {refusal.lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Form<BookingFormValues>
        form={form}
        layout="vertical"
        initialValues={booking.initialValues}
        onValuesChange={booking.onValuesChange}
        className="practice-booking-form"
      >
        <div className="practice-booking-form__grid">
          <Form.Item label="实训室" name="classroomId" {...item('classroomId')}>
            <PickSelect kind="room" label="实训室" />
          </Form.Item>
          <Form.Item label="课程" name="courseId" {...item('courseId')}>
            <PickSelect kind="course" label="课程" />
          </Form.Item>
          <Form.Item label="班级" name="classId" {...item('classId')}>
            <PickSelect kind="class" label="班级" />
          </Form.Item>
          <Form.Item label="授课教师" name="teacherUserId" {...item('teacherUserId')}>
            <PickSelect kind="teacher" label="授课教师" />
          </Form.Item>
          <Form.Item label="日期" name="date" {...item('date')}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" format="YYYY-MM-DD" />
          </Form.Item>
          <Form.Item label="开始节次" name="periodFrom" {...item('periodFrom')}>
            <Select aria-label="开始节次" options={PERIOD_OPTIONS} />
          </Form.Item>
          <Form.Item label="结束节次" name="periodTo" {...item('periodTo')}>
            <Select aria-label="结束节次" options={PERIOD_OPTIONS} />
          </Form.Item>
          <Form.Item label="按周重复（整学期）" name="repeat" valuePropName="checked">
            <Switch aria-label="按周重复" />
          </Form.Item>
          {values.repeat && (
            <Form.Item label="重复至" name="repeatUntil" {...item('repeatUntil')}>
              <DatePicker style={{ width: '100%' }} placeholder="最后一次的日期" format="YYYY-MM-DD" />
            </Form.Item>
          )}
        </div>
        {booking.onHolidays.length > 0 && (
          <Form.Item label="法定节假日" name="holidays" {...item('holidays')} extra={`${booking.onHolidays.join('、')}是法定节假日`}>
            <Radio.Group options={HOLIDAY_OPTIONS} />
          </Form.Item>
        )}
        <Form.Item label="实训内容" name="purpose" {...item('purpose')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：PLC 编程与调试实训" />
        </Form.Item>
      </Form>
      <Spin spinning={booking.busy.loading}>
        <WeekGrid
          week={booking.week}
          entries={booking.busy.entries}
          describe={holderText}
          caption="选择空闲节次（已选实训室、班级和教师本周的占用情况）"
          onPick={booking.pickSlot}
          picked={booking.picked}
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
export default function BookingsDesktop({ state }: { state: BookingsState }) {
  return (
    <ListDesktop list={state.list}>
      <BookingDrawer key={state.opening} state={state} />
    </ListDesktop>
  );
}
