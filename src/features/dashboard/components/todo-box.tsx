import { RECORD_PERMISSIONS, schoolToday } from '@contract/internship.ts';
import { INTERACTION_PATH, INTERACTION_PERMISSION } from '@contract/interactions.ts';
import { PageLink } from '@/components/page-link.tsx';
import { paths } from '@/config/paths.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { recordKinds, type RecordKindCode } from '@contract/records.ts';
import { useStudentLists, useUnreadInteractions } from '../api/get-student-today.ts';
import { useWorkflowTodo } from '../api/get-home-boxes.ts';
import { useReviewTodo } from '../api/get-weekly-todo.ts';
import { studentToday } from '../utils/student-today.ts';
import { weeklyTodo } from '../utils/weekly-todo.ts';
import { HomeBox } from './home-box.tsx';
import './dashboard.css';

const TODO_LIST_PATH = '/todo-list';

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

function ReviewTodo() {
  const { data, isError } = useReviewTodo(true);
  if (isError) return <p className="dashboard-card__error">待批阅周记加载失败</p>;
  if (!data) return <p className="dashboard-card__empty">正在加载…</p>;
  return (
    <>
      <p className="home-box__counts">
        待批阅周记 <strong>{data.total}</strong> 篇
      </p>
      {data.records.length === 0 ? (
        <p className="dashboard-card__empty">暂无需要批阅的周记</p>
      ) : (
        <ul className="home-box__list">
          {data.records.map((row) => (
            <li key={row.id}>
              <PageLink to={paths.recordReview} className="home-box__link">
                <span className="home-box__title">
                  {row.studentName}：{row.title}
                </span>
                <time className="home-box__time" dateTime={row.submittedAt ?? undefined}>
                  {row.submittedAt ? dayjs(row.submittedAt).format('MM-DD HH:mm') : ''}
                </time>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Applications waiting for my decision (请假, 单位变更, 实训预约…), the oldest first as 我的待办 lists them. */
function WorkflowTodo() {
  const { data, isError } = useWorkflowTodo();
  if (isError) return <p className="dashboard-card__error">待审批加载失败</p>;
  if (!data) return <p className="dashboard-card__empty">正在加载…</p>;
  return (
    <>
      <p className="home-box__counts">
        待审批 <PageLink to={TODO_LIST_PATH}><strong>{data.total}</strong></PageLink> 项
      </p>
      {data.records.length > 0 && (
        <ul className="home-box__list">
          {data.records.map((task) => (
            <li key={task.id}>
              <PageLink to={TODO_LIST_PATH} className="home-box__link">
                <span className="home-box__priority">{task.processName}</span>
                <span className="home-box__title">
                  {task.applicantName}：{task.title}
                </span>
                <time className="home-box__time" dateTime={task.createdAt}>
                  {dayjs(task.createdAt).format('MM-DD HH:mm')}
                </time>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The workplace's 待办 box: applications to decide and summaries to review for staff, the day's tiles for students. */
export function TodoBox() {
  const reviews = usePermission(RECORD_PERMISSIONS.review);
  const writes = usePermission(RECORD_PERMISSIONS.mine);
  return (
    <HomeBox id="home-todo" title="待办事项" more={writes ? { to: paths.myWeekly, label: '去填写' } : { to: reviews ? paths.recordReview : TODO_LIST_PATH, label: reviews ? '去批阅' : '去审批' }}>
      {!writes && <WorkflowTodo />}
      {reviews && <ReviewTodo />}
      {writes && <StudentToday />}
    </HomeBox>
  );
}
