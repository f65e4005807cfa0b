import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, List, Rate, TextArea, Toast } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { EVALUATION_MSG, EVALUATION_PERMISSIONS, SCORE_LABELS, rateCourseSchema, type CourseToRate } from '@contract/practice-evaluation.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { useCoursesToRate, useRateCourse, useReceived } from '../api/evaluation-api.ts';
import '../evaluation.css';

function RateCourse({ course, onDone }: { course: CourseToRate; onDone: () => void }) {
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateCourse();
  const submit = async () => {
    const checked = rateCourseSchema.safeParse({ courseId: course.courseId, teacherUserId: course.teacherUserId, score, comment });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    try {
      await rate.mutateAsync(checked.data);
      Toast.show({ content: EVALUATION_MSG.saved });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    }
  };
  return (
    <div className="evaluation-phone__form">
      <div>
        <strong>{course.courseName}</strong>
        <div className="evaluation-meta">授课教师：{course.teacherName} · 评价匿名，教师只看到平均分和评语</div>
      </div>
      <Rate aria-label="评分" value={score} onChange={(v) => (setScore(v), setError(null))} />
      <span className="evaluation-meta">{score ? SCORE_LABELS[score - 1] : '点星星打分（1到5分）'}</span>
      <TextArea placeholder="说说这门实训课和老师（选填）" maxLength={300} showCount rows={4} value={comment} onChange={setComment} />
      {error && <p className="evaluation-phone__error" role="alert">{error}</p>}
      <Button block color="primary" loading={rate.isPending} onClick={() => void submit()}>
        提交评价
      </Button>
    </div>
  );
}

/** 实训评价 on the phone: a student's courses to rate (once each); a teacher's averages and comments. */
export default function EvaluationPhone() {
  const rates = usePermission(EVALUATION_PERMISSIONS.rateCourse);
  const teaches = usePermission(EVALUATION_PERMISSIONS.rateStudent);
  const courses = useCoursesToRate(rates);
  const received = useReceived(teaches);
  const [open, setOpen] = useState<CourseToRate | null>(null);
  const loading = (rates && courses.isPending) || (teaches && received.isPending);
  if (loading) return <DotLoading />;
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
                onClick={c.myScore ? undefined : () => setOpen(c)}
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
      <Popup visible={open !== null} onClose={() => setOpen(null)} position="right" bodyStyle={{ width: '100vw' }} destroyOnClose>
        <PhoneNavBar onBack={() => setOpen(null)}>评价实训课</PhoneNavBar>
        {open && <RateCourse course={open} onDone={() => setOpen(null)} />}
      </Popup>
    </section>
  );
}
