import { RECORD_PERMISSIONS, schoolToday } from '@contract/internship.ts';
import { INTERACTION_PATH, INTERACTION_PERMISSION } from '@contract/interactions.ts';
import { PageLink } from '@/components/page-link.tsx';
import { paths } from '@/config/paths.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { recordKinds, type RecordKindCode } from '@contract/records.ts';
import { useStudentLists, useUnreadInteractions } from '../api/get-student-today.ts';
import { useMyTodo } from '../api/get-my-todo.ts';
import { studentToday } from '../utils/student-today.ts';
import { weeklyTodo } from '../utils/weekly-todo.ts';
import { HomeBox } from './home-box.tsx';
import './dashboard.css';

const KIND_PATHS = Object.fromEntries(recordKinds().map((d) => [d.kind, d.pages.mine.path])) as Record<RecordKindCode, string>;

/** The student's day in big tiles (签到, this week's 周记, this month's 月报, leaves, 互动), each leading to its page. */
function StudentToday() {
  const { lists, loading, failed } = useStudentLists(true);
  const canInteract = usePermission(INTERACTION_PERMISSION);
  const unread = useUnreadInteractions(canInteract);
  if (failed) return <p className="dashboard-card__error">待办加载失败</p>;
  if (loading) return <p className="dashboard-card__empty">正在加载…</p>;
  const today = schoolToday();
  const tiles = studentToday(lists, KIND_PATHS, today, unread.data === undefined ? undefined : { count: unread.data, path: INTERACTION_PATH });
  const weekly = lists.weekly && weeklyTodo(lists.weekly, today);
  if (tiles.length === 0) return <p className="dashboard-card__empty">暂无进行中的实习</p>;
  return (
    <>
      {weekly && (
        <p className="home-box__todo-title">
          {weekly.programName}
          {weekly.missed > 0 && <span className="home-box__todo-warn">（往周未交周记 {weekly.missed} 篇）</span>}
        </p>
      )}
      <ul className="home-tiles">
        {tiles.map((tile) => (
          <li key={tile.kind}>
            <PageLink to={tile.path} className={`home-tile${tile.owed ? ' home-tile--owed' : ''}`}>
              <span className="home-tile__label">{tile.label}</span>
              <span className="home-tile__text">{tile.text}</span>
            </PageLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Staff and mentors: each kind of work waiting for me (待批阅 per kind, 待审批 per process, 待评价, 新提交,
 * 未落实单位, 待处理预警), one line each leading to its list; nothing waiting is a calm line, not a row of zeros.
 */
function WaitingWork() {
  const { data, isError } = useMyTodo();
  if (isError) return <p className="dashboard-card__error">待办加载失败</p>;
  if (!data) return <p className="dashboard-card__empty">正在加载…</p>;
  if (data.items.length === 0) return <p className="dashboard-card__empty">暂无待办事项，都处理完了</p>;
  return (
    <ul className="home-box__list">
      {data.items.map((item) => (
        <li key={item.key}>
          <PageLink to={item.path} className="home-box__link">
            <span className="home-box__title">{item.label}</span>{' '}
            <span className="home-box__counts">
              <strong>{item.count}</strong> {item.unit}
            </span>
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

/** The workplace's 待办 box: the work waiting for staff and mentors, the day's tiles for students. */
export function TodoBox() {
  const reviews = usePermission(RECORD_PERMISSIONS.review);
  const writes = usePermission(RECORD_PERMISSIONS.mine);
  return (
    <HomeBox id="home-todo" title="待办事项" more={writes ? { to: paths.myWeekly, label: '去填写' } : reviews ? { to: paths.recordReview, label: '去批阅' } : undefined}>
      {writes ? <StudentToday /> : <WaitingWork />}
    </HomeBox>
  );
}
