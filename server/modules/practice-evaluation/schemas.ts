import { z } from 'zod';
import type { CourseAverage, CourseToRate, EvaluationStats, StudentToRate, TaughtClass } from '@contract/practice-evaluation.ts';
import { counted, envelope } from '../../lib/answers.ts';

/** A rating: whole points 1–5 (很差 … 非常满意). */
const rating = z.number().int().min(1).max(5);
/** An average of ratings, to one decimal. */
const average = z.number().min(1).max(5).meta({ description: '平均分（1–5，一位小数）' });

const courseToRate = z.object({
  courseId: z.string(),
  courseName: z.string(),
  teacherUserId: z.string(),
  teacherName: z.string(),
  lastDate: z.iso.date().meta({ description: '最近一次上课日期' }),
  sessions: counted.meta({ description: '已上课的天数' }),
  myScore: rating.nullable().meta({ description: '本人的评分，未评价为 null' }),
  myComment: z.string().nullable(),
}) satisfies z.ZodType<CourseToRate>;

const taughtClass = z.object({
  courseId: z.string(),
  courseName: z.string(),
  classId: z.string(),
  className: z.string(),
  students: counted.meta({ description: '班级人数' }),
  rated: counted.meta({ description: '本人已评价的学生数' }),
}) satisfies z.ZodType<TaughtClass>;

const studentToRate = z.object({
  studentUserId: z.string(),
  studentNo: z.string(),
  name: z.string(),
  score: rating.nullable(),
  comment: z.string().nullable(),
}) satisfies z.ZodType<StudentToRate>;

const courseFigures = z.object({
  courseId: z.string(),
  courseName: z.string(),
  teacherUserId: z.string(),
  teacherName: z.string(),
  count: counted.meta({ description: '评价人数' }),
  average,
}) satisfies z.ZodType<Omit<CourseAverage, 'comments'>>;

const courseAverage = courseFigures.extend({ comments: z.array(z.string()).meta({ description: '学生的评语，不署名，按文字排序' }) }) satisfies z.ZodType<CourseAverage>;

const stats = z.object({
  courses: z.array(courseFigures),
  teachers: z.array(z.object({ teacherUserId: z.string(), teacherName: z.string(), count: counted, average })),
}) satisfies z.ZodType<EvaluationStats>;

export const coursesToRateAnswer = envelope(z.array(courseToRate));
export const taughtAnswer = envelope(z.array(taughtClass));
export const studentsToRateAnswer = envelope(z.array(studentToRate));
export const receivedAnswer = envelope(z.array(courseAverage));
export const statsAnswer = envelope(stats);
