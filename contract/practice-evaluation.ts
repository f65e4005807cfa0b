import * as z from 'zod/mini';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 评价 (DOMAIN.md "Practice teaching"): a student rates each training course they had (an approved booking of
 * their class that has taken place) and its teacher, 1–5 with a comment, once; the teacher sees only the
 * averages and the comments, never who wrote them. A teacher rates the students of a class they taught. The
 * office sees the averages per course and teacher.
 */

export const EVALUATION_PERMISSIONS = {
  rateCourse: 'practice:evaluation:course',
  rateStudent: 'practice:evaluation:student',
  stats: 'practice:evaluation:stats',
} as const;

export const EVALUATION_URL = {
  courses: '/practice/evaluation/courses',
  rateCourse: '/practice/evaluation/course',
  taught: '/practice/evaluation/taught',
  students: '/practice/evaluation/students',
  rateStudent: '/practice/evaluation/student',
  received: '/practice/evaluation/received',
  stats: '/practice/evaluation/stats',
} as const;

export const SCORE_LABELS = ['很差', '较差', '一般', '满意', '非常满意'] as const;

export const EVALUATION_MSG = {
  scoreRequired: '请选择1到5分',
  commentTooLong: '评语不能超过300字',
  courseRequired: '请选择课程',
  notYours: '只能评价自己上过的实训课程',
  notTaught: '只能评价自己授课班级的学生',
  rated: '已评价过该课程，每门课程只能评价一次',
  saved: '评价已提交',
} as const;

const ref = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(64, message));
const score = z.number({ error: EVALUATION_MSG.scoreRequired }).check(z.int(EVALUATION_MSG.scoreRequired), z.gte(1, EVALUATION_MSG.scoreRequired), z.lte(5, EVALUATION_MSG.scoreRequired));
const comment = z.optional(z.nullable(z.string().check(z.maxLength(300, EVALUATION_MSG.commentTooLong))));

export const rateCourseSchema = z.object({ courseId: ref(EVALUATION_MSG.courseRequired), teacherUserId: ref(EVALUATION_MSG.courseRequired), score, comment });
export type RateCourseInput = z.infer<typeof rateCourseSchema>;
export const rateStudentSchema = z.object({ courseId: ref(EVALUATION_MSG.courseRequired), classId: ref(EVALUATION_MSG.courseRequired), studentUserId: ref('请选择学生'), score, comment });
export type RateStudentInput = z.infer<typeof rateStudentSchema>;
export const taughtQuerySchema = z.object({ courseId: ref(EVALUATION_MSG.courseRequired), classId: ref(EVALUATION_MSG.courseRequired) });

/** A course the student had, with their rating once given. */
export interface CourseToRate {
  courseId: string;
  courseName: string;
  teacherUserId: string;
  teacherName: string;
  lastDate: string;
  sessions: number;
  myScore: number | null;
  myComment: string | null;
}

/** A course and class the teacher taught, and how many of its students they have rated. */
export interface TaughtClass {
  courseId: string;
  courseName: string;
  classId: string;
  className: string;
  students: number;
  rated: number;
}

export interface StudentToRate {
  studentUserId: string;
  studentNo: string;
  name: string;
  score: number | null;
  comment: string | null;
}

/** The averages of one course and teacher: the teacher reads their own with the comments, unsigned. */
export interface CourseAverage {
  courseId: string;
  courseName: string;
  teacherUserId: string;
  teacherName: string;
  count: number;
  average: number;
  comments: string[];
}

/** The office's figures: per course and teacher, and per teacher over all their courses. */
export interface EvaluationStats {
  courses: Omit<CourseAverage, 'comments'>[];
  teachers: { teacherUserId: string; teacherName: string; count: number; average: number }[];
}

export const EVALUATION_PAGE = {
  id: 'menu-practice-evaluation',
  parent: 'menu-practice',
  name: '实训评价',
  path: '/practice/evaluation',
  component: 'practice/Evaluation',
  icon: 'star',
  order: 5,
  roles: ['admin', 'internshipOffice', 'teacher', 'student'],
  rules: [
    { code: EVALUATION_PERMISSIONS.rateCourse, name: '评价实训课程', roles: ['student'] },
    { code: EVALUATION_PERMISSIONS.rateStudent, name: '评价学生', roles: ['teacher'] },
    { code: EVALUATION_PERMISSIONS.stats, name: '评价统计', roles: ['admin', 'internshipOffice'] },
  ],
} as const satisfies MenuDeclaration;
