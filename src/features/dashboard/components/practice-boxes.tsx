import { RECORD_PERMISSIONS, isoWeekday, schoolToday } from '@contract/internship.ts';
import { BOOKING_PERMISSIONS, WEEKDAY_LABELS, periodRange, type TimetableEntry } from '@contract/practice-booking.ts';
import { INSTANCE_STATUS_LABELS } from '@contract/workflow.ts';
import { recordKinds, type RecordKindCode } from '@contract/records.ts';
import { PageLink } from '@/components/page-link.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { useStudentLists } from '../api/get-student-today.ts';
import { useMyApplications, useWeekTimetable } from '../api/get-home-boxes.ts';
import { recordDeadlines } from '../utils/student-today.ts';
import { HomeBox, boxState } from './home-box.tsx';

const TIMETABLE_PATH = '/practice/timetable';
const MY_APPLICATIONS_PATH = '/my-start-list';
const KIND_PATHS = Object.fromEntries(recordKinds().map((d) => [d.kind, d.pages.mine.path])) as Record<RecordKindCode, string>;

function Session({ entry, withDay }: { entry: TimetableEntry; withDay: boolean }) {
  const day = withDay ? `${WEEKDAY_LABELS[isoWeekday(entry.date) - 1]} ` : '';
  return (
    <PageLink to={TIMETABLE_PATH} className="home-box__link">
      <span className="home-box__priority">{`${day}${periodRange(entry.periodFrom, entry.periodTo)}`}</span>
      <span className="home-box__title">{`${entry.courseName} · ${entry.roomName}`}</span>
    </PageLink>
  );
}

/** 日程: today's approved sessions (a student's class, a teacher's own) and what the student must hand in, by when. */
export function ScheduleBox() {
  const sees = usePermission(BOOKING_PERMISSIONS.timetable);
  const writes = usePermission(RECORD_PERMISSIONS.mine);
  const week = useWeekTimetable(sees);
  const { lists, loading } = useStudentLists(writes);
  if (!sees && !writes) return null;
  const today = schoolToday();
  const sessions = (week.data?.entries ?? []).filter((e) => e.date === today);
  const deadlines = writes ? recordDeadlines(lists, KIND_PATHS, today) : [];
  // Offline, the deadlines still show when the week's sessions cannot be had.
  const known = sees ? { isError: week.isError && deadlines.length === 0, data: week.data ?? (week.isError ? lists : undefined) } : { isError: false, data: loading ? undefined : lists };
  const state = boxState(known, '日程', sessions.length + deadlines.length === 0, '今天没有日程');
  return (
    <HomeBox id="home-schedule" title="今日日程" more={sees ? { to: TIMETABLE_PATH, label: '查看课表' } : undefined}>
      {state ?? (
        <ul className="home-box__list">
          {sessions.map((e) => (
            <li key={e.bookingId}>
              <Session entry={e} withDay={false} />
            </li>
          ))}
          {deadlines.map((d) => (
            <li key={d.label}>
              <PageLink to={d.path} className="home-box__link">
                <span className="home-box__priority home-box__priority--H">截止</span>
                <span className="home-box__title">{d.label}</span>
                <time className="home-box__time" dateTime={d.due}>
                  {d.due === today ? '今天' : dayjs(d.due).format('MM-DD dddd')}
                </time>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </HomeBox>
  );
}

/** 本周课表: the week's approved sessions, day by day. */
export function TimetableBox() {
  const sees = usePermission(BOOKING_PERMISSIONS.timetable);
  const week = useWeekTimetable(sees);
  if (!sees) return null;
  const entries = week.data?.entries ?? [];
  return (
    <HomeBox id="home-timetable" title={week.data?.title ? `本周课表 · ${week.data.title}` : '本周课表'} more={{ to: TIMETABLE_PATH, label: '查看课表' }}>
      {boxState(week, '课表', entries.length === 0, '本周没有实训安排') ?? (
        <ul className="home-box__list">
          {entries.map((e) => (
            <li key={`${e.bookingId}${e.date}`}>
              <Session entry={e} withDay />
            </li>
          ))}
        </ul>
      )}
    </HomeBox>
  );
}

/** 我的申请: my newest applications (请假, 单位变更, 实训预约…) and where each stands. */
export function ApplicationsBox() {
  const mine = useMyApplications();
  const rows = mine.data?.records ?? [];
  return (
    <HomeBox id="home-applications" title="我的申请" more={{ to: MY_APPLICATIONS_PATH, label: '查看全部' }}>
      {boxState(mine, '申请', rows.length === 0, '暂无申请') ?? (
        <ul className="home-box__list">
          {rows.map((row) => (
            <li key={row.id}>
              <PageLink to={MY_APPLICATIONS_PATH} className="home-box__link">
                <span className="home-box__priority">{INSTANCE_STATUS_LABELS[row.status]}</span>
                <span className="home-box__title">{row.title}</span>
                <time className="home-box__time" dateTime={row.createdAt}>
                  {dayjs(row.createdAt).format('MM-DD HH:mm')}
                </time>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </HomeBox>
  );
}
