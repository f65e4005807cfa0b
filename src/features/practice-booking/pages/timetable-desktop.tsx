import { Alert, Button, Segmented, Select, Space, Spin } from 'antd';
import { TIMETABLE_BY, TIMETABLE_BY_LABELS, type TimetableBy, type TimetableEntry } from '@contract/practice-booking.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { TimetableState } from '../components/use-timetable.ts';
import { WeekGrid } from '../components/week-grid.tsx';
import { weekLabel } from '../components/week-nav.tsx';
import '../practice-booking.css';

const describe = (by: TimetableBy) => (e: TimetableEntry) =>
  [e.courseName, by === 'class' ? null : e.className, by === 'teacher' ? null : e.teacherName, by === 'room' ? null : e.roomName].filter(Boolean).join(' · ');

/** 实训课表 on desktop: a class's, a teacher's or a room's week as days × periods, exported to Excel or printed. Students see their class's. */
export default function TimetableDesktop({ state }: { state: TimetableState }) {
  const { by, shown, timetable, options } = state;
  return (
    <AntdProvider>
      <section className="practice-page" aria-label="实训课表">
        <div className="practice-page__toolbar">
          <h2>实训课表{timetable ? `：${timetable.title}` : ''}</h2>
          {state.canChoose && (
            <>
              <Segmented<TimetableBy | 'mine'>
                aria-label="课表类型"
                value={by ?? 'mine'}
                options={[{ value: 'mine', label: '我的课表' }, ...TIMETABLE_BY.map((value) => ({ value, label: TIMETABLE_BY_LABELS[value] }))]}
                onChange={(value) => state.chooseBy(value === 'mine' ? null : value)}
              />
              {by && (
                <Select
                  aria-label={`选择${state.byName}`}
                  style={{ width: 220 }}
                  showSearch={{ filterOption: false, onSearch: state.search }}
                  placeholder={`搜索${state.byName}`}
                  loading={options.isFetching}
                  value={state.id ?? undefined}
                  options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
                  onChange={state.choose}
                  notFoundContent={options.isFetching ? <Spin size="small" /> : '无匹配结果'}
                />
              )}
            </>
          )}
          <Space.Compact>
            <Button onClick={() => state.shiftWeek(-1)}>上一周</Button>
            <Button onClick={state.toThisWeek}>本周</Button>
            <Button onClick={() => state.shiftWeek(1)}>下一周</Button>
          </Space.Compact>
          <Button loading={state.exporting} disabled={!timetable} onClick={() => void state.exportShown()}>
            导出Excel
          </Button>
          <Button onClick={() => window.print()} disabled={!timetable}>
            打印
          </Button>
        </div>
        {shown.isError && <Alert type="error" showIcon title={shown.error.message} />}
        {by && !state.id && <Alert type="info" showIcon title={`请选择要查看的${state.byName}`} />}
        <Spin spinning={shown.isFetching}>
          {timetable && (
            <>
              <WeekGrid week={timetable.week} entries={timetable.entries} describe={describe(timetable.by)} caption={`${TIMETABLE_BY_LABELS[timetable.by]} · ${weekLabel(state.week)}`} />
              {timetable.entries.length === 0 && <p className="week-grid__legend">本周没有已通过的实训安排</p>}
            </>
          )}
        </Spin>
      </section>
    </AntdProvider>
  );
}
