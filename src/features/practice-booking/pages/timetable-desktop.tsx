import { useState } from 'react';
import { Alert, Button, Segmented, Select, Space, Spin } from 'antd';
import { BOOKING_PERMISSIONS, TIMETABLE_BY, TIMETABLE_BY_LABELS, type PickKind, type TimetableBy, type TimetableEntry } from '@contract/practice-booking.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { exportTimetable, useMyTimetable, usePick, useTimetable } from '../api/booking-api.ts';
import { WeekGrid } from '../components/week-grid.tsx';
import { shiftWeek, thisWeek, weekLabel } from '../components/week-nav.tsx';
import '../practice-booking.css';

const PICK_OF: Record<TimetableBy, PickKind> = { class: 'class', teacher: 'teacher', room: 'room' };
const describe = (by: TimetableBy) => (e: TimetableEntry) =>
  [e.courseName, by === 'class' ? null : e.className, by === 'teacher' ? null : e.teacherName, by === 'room' ? null : e.roomName].filter(Boolean).join(' · ');

/** 实训课表 on desktop: a class's, a teacher's or a room's week as days × periods, exported to Excel or printed. Students see their class's. */
export default function TimetableDesktop() {
  const choose = usePermission(BOOKING_PERMISSIONS.add);
  const [week, setWeek] = useState(thisWeek);
  const [by, setBy] = useState<TimetableBy | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // My own week until a class, teacher or room is chosen; then only the chosen one is read.
  const mine = useMyTimetable(week, !(by && id));
  const chosen = useTimetable(by, id, week);
  const options = usePick(by ? PICK_OF[by] : 'class', search, choose && by !== null);
  const shown = by && id ? chosen : mine;
  const timetable = shown.data;
  const [exporting, setExporting] = useState(false);

  return (
    <AntdProvider>
      <section className="practice-page" aria-label="实训课表">
        <div className="practice-page__toolbar">
          <h2>实训课表{timetable ? `：${timetable.title}` : ''}</h2>
          {choose && (
            <>
              <Segmented<TimetableBy | 'mine'>
                aria-label="课表类型"
                value={by ?? 'mine'}
                options={[{ value: 'mine', label: '我的课表' }, ...TIMETABLE_BY.map((value) => ({ value, label: TIMETABLE_BY_LABELS[value] }))]}
                onChange={(value) => {
                  setBy(value === 'mine' ? null : value);
                  setId(null);
                  setSearch('');
                }}
              />
              {by && (
                <Select
                  aria-label={`选择${TIMETABLE_BY_LABELS[by].replace('课表', '')}`}
                  style={{ width: 220 }}
                  showSearch={{ filterOption: false, onSearch: setSearch }}
                  placeholder={`搜索${TIMETABLE_BY_LABELS[by].replace('课表', '')}`}
                  loading={options.isFetching}
                  value={id ?? undefined}
                  options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
                  onChange={setId}
                  notFoundContent={options.isFetching ? <Spin size="small" /> : '无匹配结果'}
                />
              )}
            </>
          )}
          <Space.Compact>
            <Button onClick={() => setWeek((w) => shiftWeek(w, -1))}>上一周</Button>
            <Button onClick={() => setWeek(thisWeek())}>本周</Button>
            <Button onClick={() => setWeek((w) => shiftWeek(w, 1))}>下一周</Button>
          </Space.Compact>
          <Button
            loading={exporting}
            disabled={!timetable}
            onClick={async () => {
              if (!timetable) return;
              setExporting(true);
              try {
                await exportTimetable(timetable.by, timetable.id, week, `${timetable.title}${TIMETABLE_BY_LABELS[timetable.by]}`);
              } finally {
                setExporting(false);
              }
            }}
          >
            导出Excel
          </Button>
          <Button onClick={() => window.print()} disabled={!timetable}>
            打印
          </Button>
        </div>
        {shown.isError && <Alert type="error" showIcon title={shown.error.message} />}
        {by && !id && <Alert type="info" showIcon title={`请选择要查看的${TIMETABLE_BY_LABELS[by].replace('课表', '')}`} />}
        <Spin spinning={shown.isFetching}>
          {timetable && (
            <>
              <WeekGrid week={timetable.week} entries={timetable.entries} describe={describe(timetable.by)} caption={`${TIMETABLE_BY_LABELS[timetable.by]} · ${weekLabel(week)}`} />
              {timetable.entries.length === 0 && <p className="week-grid__legend">本周没有已通过的实训安排</p>}
            </>
          )}
        </Spin>
      </section>
    </AntdProvider>
  );
}
