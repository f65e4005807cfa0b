import { Link } from 'react-router-dom';
import { RECORD_PERMISSIONS } from '@contract/internship.ts';
import { paths } from '@/config/paths.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import dayjs from '@/lib/dayjs.ts';
import { useMyWeeksTodo, useReviewTodo } from '../api/get-weekly-todo.ts';
import { weeklyTodo } from '../utils/weekly-todo.ts';
import './dashboard.css';

function MyWeeklyTodo() {
  const { data, isError } = useMyWeeksTodo(true);
  if (isError && !data) return <p className="dashboard-card__error">周记加载失败</p>;
  if (!data) return <p className="dashboard-card__empty">正在加载…</p>;
  const todo = weeklyTodo(data, dayjs().format('YYYY-MM-DD'));
  if (!todo) return <p className="dashboard-card__empty">暂无进行中的实习</p>;
  return (
    <Link to={paths.myWeekly} className="home-box__todo">
      <span className="home-box__todo-title">{todo.programName}</span>
      <span className="home-box__todo-items">
        {todo.thisWeekText && <span>{todo.thisWeekText}</span>}
        {todo.missed > 0 && <span className="home-box__todo-warn">往周未交 {todo.missed} 篇</span>}
        {todo.returned > 0 && <span className="home-box__todo-warn">已退回待修改 {todo.returned} 篇</span>}
      </span>
    </Link>
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
              <Link to={paths.recordReview} className="home-box__link">
                <span className="home-box__title">
                  {row.studentName}：{row.title}
                </span>
                <time className="home-box__time" dateTime={row.submittedAt ?? undefined}>
                  {row.submittedAt ? dayjs(row.submittedAt).format('MM-DD HH:mm') : ''}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The workplace's 待办 box: summaries to review for advisers, the weekly summaries owed for students. */
export function TodoBox() {
  const reviews = usePermission(RECORD_PERMISSIONS.review);
  const writes = usePermission(RECORD_PERMISSIONS.mine);
  if (!reviews && !writes) return null;
  return (
    <section className="dashboard-card home-box" aria-labelledby="home-todo">
      <div className="dashboard-card__head">
        <h2 id="home-todo" className="dashboard-card__title">
          待办事项
        </h2>
        <Link to={reviews ? paths.recordReview : paths.myWeekly} className="home-box__more">
          {reviews ? '去批阅' : '去填写'}
        </Link>
      </div>
      {reviews && <ReviewTodo />}
      {writes && <MyWeeklyTodo />}
    </section>
  );
}
