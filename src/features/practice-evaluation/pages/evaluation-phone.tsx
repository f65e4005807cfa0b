import { Button, Rate, TextArea } from 'antd-mobile';
import type { CourseToRate } from '@contract/practice-evaluation.ts';
import { ListPhone } from '@/components/list/list-phone.tsx';
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
      <Rate className="evaluation-phone__rate" aria-label="评分" value={rating.score} onChange={rating.setScore} />
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
  return (
    <section aria-label="实训评价">
      {state.rates && <ListPhone list={state.courseList} />}
      {state.teaches && <ListPhone list={state.receivedList} />}
      <PhoneSheet open={state.rating !== null} title="评价实训课" onClose={state.doneRating}>
        {state.rating && <RateCourse course={state.rating} state={state} />}
      </PhoneSheet>
    </section>
  );
}
