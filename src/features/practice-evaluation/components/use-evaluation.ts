import { useState } from 'react';
import { EVALUATION_MSG, EVALUATION_PERMISSIONS, SCORE_LABELS, rateCourseSchema, rateStudentSchema, type CourseAverage, type CourseToRate, type StudentToRate } from '@contract/practice-evaluation.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useCoursesToRate, useEvaluationStats, useRateCourse, useRateStudent, useReceived, useStudentsToRate, useTaught } from '../api/evaluation-api.ts';

/** The state and actions of 实训评价 for both layouts (no UI library here). */

export type EvaluationTab = 'courses' | 'students' | 'received' | 'stats';

/** A score as stars with what it means (★★★★☆ 满意), the same on both layouts. */
const stars = (score: number) => `${'★'.repeat(score)}${'☆'.repeat(5 - score)} ${SCORE_LABELS[score - 1]}`;

const COURSE_COLUMNS: readonly ListColumn<CourseToRate>[] = [
  { key: 'courseName', label: '实训课程', phone: 'title' },
  { key: 'teacherName', label: '授课教师', width: 120, phone: 'line' },
  { key: 'sessions', label: '上课次数', width: 100, phone: 'line' },
  { key: 'lastDate', label: '最近一次', width: 120, phone: 'line' },
  { key: 'mine', label: '我的评价', width: 320, show: (c) => c.myScore && [stars(c.myScore), c.myComment].filter(Boolean).join('，'), phone: 'line' },
];

const RECEIVED_COLUMNS: readonly ListColumn<CourseAverage>[] = [
  { key: 'courseName', label: '实训课程', phone: 'title' },
  { key: 'count', label: '评价人数', width: 110, show: (c) => `${c.count} 人`, phone: 'line' },
  { key: 'average', label: '平均分', width: 110, show: (c) => `${c.average} 分`, phone: 'extra' },
  { key: 'comments', label: '评语', show: (c) => c.comments.join('；') || '暂无评语', phone: 'bare' },
];

const failure = (e: unknown) => (e instanceof Error ? e.message : '提交失败，请稍后重试');

/**
 * The page's hook (components/device-page.tsx): what the person may do (a student rates courses, a
 * teacher rates students and reads what they received, the office reads the statistics), the desktop's
 * tab, the course being rated and the class chosen to rate. The phone shows a student's courses and a
 * teacher's averages one under the other; the desktop reads a tab's lists when it is shown.
 */
export function useEvaluationPage(device: Device) {
  const phone = device === 'phone';
  const rates = usePermission(EVALUATION_PERMISSIONS.rateCourse);
  const teaches = usePermission(EVALUATION_PERMISSIONS.rateStudent);
  const office = usePermission(EVALUATION_PERMISSIONS.stats);
  const tabs: EvaluationTab[] = [...(rates ? (['courses'] as const) : []), ...(teaches ? (['students', 'received'] as const) : []), ...(office ? (['stats'] as const) : [])];
  const [tab, setTab] = useState<EvaluationTab | null>(null);
  const shown = tab ?? tabs[0];
  const [rating, setRating] = useState<CourseToRate | null>(null);
  const [classKey, setClassKey] = useState<string | null>(null);
  const taught = useTaught(teaches && !phone && shown === 'students');
  const chosen = (taught.data ?? []).find((t) => `${t.courseId}|${t.classId}` === classKey) ?? null;
  const courses = useCoursesToRate(rates && (phone || shown === 'courses'));
  const received = useReceived(teaches && (phone || shown === 'received'));
  return {
    state: {
      rates,
      teaches,
      tabs,
      tab: shown,
      setTab,
      /** A student's courses, each rated once (去评价 opens the rating). */
      courseList: {
        title: '课程评价',
        rowKey: (c) => `${c.courseId}${c.teacherUserId}`,
        columns: COURSE_COLUMNS,
        actions: [{ key: 'rate', label: '去评价', when: (c) => !c.myScore, primary: true, run: setRating }],
        phoneActions: 'card',
        empty: '暂无可评价的实训课程',
        emptyHint: '上过的实训课会出现在这里',
        data: wholeList(courses),
      } satisfies DeclaredList<CourseToRate>,
      /** A teacher's averages per course with the comments, unsigned. */
      receivedList: { title: '我收到的评价', rowKey: (c) => `${c.courseId}${c.teacherUserId}`, columns: RECEIVED_COLUMNS, empty: '暂无学生评价', data: wholeList(received) } satisfies DeclaredList<CourseAverage>,
      stats: useEvaluationStats(office && !phone && shown === 'stats'),
      rating,
      rate: setRating,
      doneRating: () => setRating(null),
      taught,
      classKey,
      chooseClass: setClassKey,
      /** The course and class whose students are being rated. */
      chosen: chosen && { courseId: chosen.courseId, classId: chosen.classId },
      students: useStudentsToRate(chosen && { courseId: chosen.courseId, classId: chosen.classId }),
    },
  };
}

export type EvaluationState = ReturnType<typeof useEvaluationPage>['state'];

/** A score of 1 to 5 with a comment, checked with the shared schema; the problem goes as the score changes. */
function useRating(initial: { score: number; comment: string }) {
  const [score, setScore] = useState(initial.score);
  const [comment, setComment] = useState(initial.comment);
  const [error, setError] = useState<string | null>(null);
  return {
    score,
    /** What the stars chosen mean (满意), or nothing yet. */
    scoreLabel: score ? SCORE_LABELS[score - 1] : undefined,
    setScore: (value: number) => {
      setScore(value);
      setError(null);
    },
    comment,
    setComment,
    error,
    setError,
  };
}

/** A student's rating of the course being rated (anonymous, once): sent, said so, and the form closes. */
export function useCourseRating({ rating: course, doneRating }: EvaluationState) {
  const rating = useRating({ score: 0, comment: '' });
  const rate = useRateCourse();
  const submit = async () => {
    const checked = rateCourseSchema.safeParse({ courseId: course!.courseId, teacherUserId: course!.teacherUserId, score: rating.score, comment: rating.comment });
    if (!checked.success) return rating.setError(checked.error.issues[0]!.message);
    try {
      await rate.mutateAsync(checked.data);
      notify.success(EVALUATION_MSG.saved);
      doneRating();
    } catch (e) {
      rating.setError(failure(e));
    }
  };
  return { ...rating, submit, pending: rate.isPending };
}

/** A teacher's rating of one student of a course and class, saved again as it changes. */
export function useStudentRating(taught: { courseId: string; classId: string }, row: StudentToRate) {
  const rating = useRating({ score: row.score ?? 0, comment: row.comment ?? '' });
  const rate = useRateStudent();
  const save = async () => {
    const checked = rateStudentSchema.safeParse({ ...taught, studentUserId: row.studentUserId, score: rating.score, comment: rating.comment });
    if (!checked.success) return rating.setError(checked.error.issues[0]!.message);
    try {
      await rate.mutateAsync(checked.data);
      rating.setError(null);
      notify.success(`${row.name}：${EVALUATION_MSG.saved}`);
    } catch (e) {
      rating.setError(failure(e));
    }
  };
  return { ...rating, save, pending: rate.isPending };
}
