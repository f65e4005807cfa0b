import { Button, DotLoading, ErrorBlock, List, Rate, TextArea } from 'antd-mobile';
import { SCORE_LABELS, type CourseToRate } from '@contract/practice-evaluation.ts';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { useCourseRating, type EvaluationState } from '../components/use-evaluation.ts';
import '../evaluation.css';

function RateCourse({ course, state }: { course: CourseToRate; state: EvaluationState }) {
  const rating = useCourseRating(state);
  return (
    <div className="evaluation-phone__form">
      <div>
        <strong>{course.courseName}</strong>
        <div className="evaluation-meta">授课教师：{course.teacherName} · 评价匿名，教师只看到平均分和评语</div>
      </div>
      <Rate aria-label="评分" value={rating.score} onChange={rating.setScore} />
      <span className="evaluation-meta">{rating.scoreLabel ?? '点星星打分（1到5分）'}</span>
      <TextArea placeholder="说说这门实训课和老师（选填）" maxLength={300} showCount rows={4} value={rating.comment} onChange={rating.setComment} />
      {rating.error && <p className="evaluation-phone__error" role="alert">{rating.error}</p>}
      <Button block color="primary" loading={rating.pending} onClick={() => void rating.submit()}>
        提交评价
      </Button>
    </div>
  );
}

/** 实训评价 on the phone: a student's courses to rate (once each); a teacher's averages and comments. */
export default function EvaluationPhone({ state }: { state: EvaluationState }) {
  const { rates, teaches, courses, received } = state;
  if (state.phoneLoading) return <DotLoading />;
  return (
    <section aria-label="实训评价">
      {rates &&
        (courses.isError ? (
          <ErrorBlock status="default" title="加载失败" description={courses.error.message} />
        ) : (courses.data ?? []).length === 0 ? (
          <ErrorBlock status="empty" title="暂无可评价的实训课程" description="上过的实训课会出现在这里" />
        ) : (
          <List header="我上过的实训课">
            {courses.data!.map((c) => (
              <List.Item
                key={`${c.courseId}${c.teacherUserId}`}
                description={c.myScore ? `${c.teacherName} · 我的评价：${SCORE_LABELS[c.myScore - 1]}${c.myComment ? `，${c.myComment}` : ''}` : `${c.teacherName} · 共 ${c.sessions} 次 · 最近 ${c.lastDate}`}
                extra={c.myScore ? <Rate readOnly value={c.myScore} style={{ '--star-size': '14px' }} /> : '去评价'}
                onClick={c.myScore ? undefined : () => state.rate(c)}
                arrowIcon={!c.myScore}
              >
                {c.courseName}
              </List.Item>
            ))}
          </List>
        ))}
      {teaches && (
        <List header="我收到的评价">
          {(received.data ?? []).length === 0 && <List.Item>暂无学生评价</List.Item>}
          {(received.data ?? []).map((c) => (
            <List.Item key={c.courseId} description={c.comments.length ? c.comments.join('；') : '暂无评语'} extra={`${c.average} 分`}>
              {c.courseName}（{c.count} 人评价）
            </List.Item>
          ))}
        </List>
      )}
      <PhoneSheet open={state.rating !== null} title="评价实训课" onClose={state.doneRating}>
        {state.rating && <RateCourse course={state.rating} state={state} />}
      </PhoneSheet>
    </section>
  );
}
