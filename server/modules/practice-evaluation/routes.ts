import { and, asc, avg, count, countDistinct, eq, exists, inArray, lte, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schoolToday } from '@contract/internship.ts';
import {
  EVALUATION_MSG,
  EVALUATION_PERMISSIONS,
  EVALUATION_URL,
  rateCourseSchema,
  rateStudentSchema,
  taughtQuerySchema,
  type CourseAverage,
  type CourseToRate,
  type EvaluationStats,
  type StudentToRate,
  type TaughtClass,
} from '@contract/practice-evaluation.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicCourse, basicStudent, practiceBooking, practiceBookingSlot, practiceCourseRating, practiceStudentRating, sysUser } from '../../db/schema.ts';
import { doneAnswer } from '../../lib/answers.ts';
import { HttpError, badRequest, isUniqueViolation, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { coursesToRateAnswer, receivedAnswer, statsAnswer, studentsToRateAnswer, taughtAnswer } from './schemas.ts';

const teacher = alias(sysUser, 'teacher');
const teacherName = sql<string>`coalesce(${teacher.realname}, ${teacher.username})`;
const round = (n: unknown) => Math.round(Number(n) * 10) / 10;

/** Approved bookings that have taken place (a session on or before today): what can be rated. */
const held = (db: Database) =>
  db
    .select({ n: sql`1` })
    .from(practiceBookingSlot)
    .where(and(eq(practiceBookingSlot.bookingId, practiceBooking.id), lte(practiceBookingSlot.slotDate, schoolToday())));

async function classOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ classId: basicStudent.classId }).from(basicStudent).where(eq(basicStudent.userId, userId));
  return row?.classId ?? null;
}

/** A course average per course and teacher (the teacher's own, or everyone's), with or without the comments. */
async function courseAverages(db: Database, teacherUserId: string | null): Promise<Omit<CourseAverage, 'comments'>[]> {
  const rows = await db
    .select({
      courseId: practiceCourseRating.courseId,
      courseName: basicCourse.name,
      teacherUserId: practiceCourseRating.teacherUserId,
      teacherName,
      count: count(),
      average: avg(practiceCourseRating.score),
    })
    .from(practiceCourseRating)
    .innerJoin(basicCourse, eq(basicCourse.id, practiceCourseRating.courseId))
    .innerJoin(teacher, eq(teacher.id, practiceCourseRating.teacherUserId))
    .where(teacherUserId ? eq(practiceCourseRating.teacherUserId, teacherUserId) : undefined)
    .groupBy(practiceCourseRating.courseId, basicCourse.name, practiceCourseRating.teacherUserId, teacher.realname, teacher.username)
    .orderBy(asc(basicCourse.name), asc(teacher.realname));
  return rows.map((r) => ({ ...r, average: round(r.average) }));
}

/**
 * 评价 (contract/practice-evaluation.ts): students rate the courses they had, once; teachers rate the
 * students they taught and read their own averages unsigned; the office reads everyone's.
 */
export default async function practiceEvaluationRoutes(app: App) {
  const { db } = app;
  const student = { permission: EVALUATION_PERMISSIONS.rateCourse, scope: 'self' } as const;
  const staff = { permission: EVALUATION_PERMISSIONS.rateStudent, scope: 'self' } as const;

  app.get(EVALUATION_URL.courses, { config: { access: student }, schema: { response: { 200: coursesToRateAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const classId = await classOf(db, userId);
    if (!classId) return ok([] as CourseToRate[]);
    const rows = await db
      .select({
        courseId: practiceBooking.courseId,
        courseName: basicCourse.name,
        teacherUserId: practiceBooking.teacherUserId,
        teacherName,
        lastDate: max(practiceBookingSlot.slotDate),
        sessions: countDistinct(practiceBookingSlot.slotDate),
      })
      .from(practiceBooking)
      .innerJoin(practiceBookingSlot, eq(practiceBookingSlot.bookingId, practiceBooking.id))
      .innerJoin(basicCourse, eq(basicCourse.id, practiceBooking.courseId))
      .innerJoin(teacher, eq(teacher.id, practiceBooking.teacherUserId))
      .where(and(eq(practiceBooking.classId, classId), eq(practiceBooking.status, 'approved'), lte(practiceBookingSlot.slotDate, schoolToday())))
      .groupBy(practiceBooking.courseId, basicCourse.name, practiceBooking.teacherUserId, teacher.realname, teacher.username)
      .orderBy(sql`max(${practiceBookingSlot.slotDate}) desc`);
    const mine = await db.select().from(practiceCourseRating).where(eq(practiceCourseRating.studentUserId, userId));
    return ok<CourseToRate[]>(
      rows.map((r) => {
        const given = mine.find((m) => m.courseId === r.courseId && m.teacherUserId === r.teacherUserId);
        return { ...r, lastDate: r.lastDate ?? '', myScore: given?.score ?? null, myComment: given?.comment ?? null };
      }),
    );
  });

  app.post(EVALUATION_URL.rateCourse, { config: { access: student }, schema: { body: rateCourseSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { courseId, teacherUserId, score, comment } = request.body;
    const classId = await classOf(db, userId);
    const [had] = classId
      ? await db
          .select({ id: practiceBooking.id })
          .from(practiceBooking)
          .where(and(eq(practiceBooking.classId, classId), eq(practiceBooking.courseId, courseId), eq(practiceBooking.teacherUserId, teacherUserId), eq(practiceBooking.status, 'approved'), exists(held(db))))
          .limit(1)
      : [];
    if (!had) throw badRequest(EVALUATION_MSG.notYours);
    try {
      await db.insert(practiceCourseRating).values({ courseId, teacherUserId, studentUserId: userId, score, comment: comment?.trim() || null });
    } catch (error) {
      if (isUniqueViolation(error, 'practice_course_rating_once_uq')) throw new HttpError(409, EVALUATION_MSG.rated);
      throw error;
    }
    return ok(null, EVALUATION_MSG.saved);
  });

  /** The courses and classes I taught (approved, taken place), and how many of each class I have rated. */
  app.get(EVALUATION_URL.taught, { config: { access: staff }, schema: { response: { 200: taughtAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const rows = await db
      .selectDistinct({ courseId: practiceBooking.courseId, courseName: basicCourse.name, classId: practiceBooking.classId, className: basicClass.name })
      .from(practiceBooking)
      .innerJoin(basicCourse, eq(basicCourse.id, practiceBooking.courseId))
      .innerJoin(basicClass, eq(basicClass.id, practiceBooking.classId))
      .where(and(eq(practiceBooking.teacherUserId, userId), eq(practiceBooking.status, 'approved'), exists(held(db))))
      .orderBy(asc(basicCourse.name), asc(basicClass.name));
    if (rows.length === 0) return ok([] as TaughtClass[]);
    const classIds = [...new Set(rows.map((r) => r.classId))];
    // Two grouped counts for all the rows: the classes' sizes, and my ratings per course and class.
    const [sizes, rated] = await Promise.all([
      db.select({ classId: basicStudent.classId, n: count() }).from(basicStudent).where(inArray(basicStudent.classId, classIds)).groupBy(basicStudent.classId),
      db
        .select({ courseId: practiceStudentRating.courseId, classId: practiceStudentRating.classId, n: count() })
        .from(practiceStudentRating)
        .where(and(eq(practiceStudentRating.teacherUserId, userId), inArray(practiceStudentRating.classId, classIds)))
        .groupBy(practiceStudentRating.courseId, practiceStudentRating.classId),
    ]);
    const result: TaughtClass[] = rows.map((r) => ({
      ...r,
      students: sizes.find((x) => x.classId === r.classId)?.n ?? 0,
      rated: rated.find((x) => x.classId === r.classId && x.courseId === r.courseId)?.n ?? 0,
    }));
    return ok(result);
  });

  const taughtBy = async (userId: string, courseId: string, classId: string) => {
    const [row] = await db
      .select({ id: practiceBooking.id })
      .from(practiceBooking)
      .where(and(eq(practiceBooking.teacherUserId, userId), eq(practiceBooking.courseId, courseId), eq(practiceBooking.classId, classId), eq(practiceBooking.status, 'approved'), exists(held(db))))
      .limit(1);
    if (!row) throw badRequest(EVALUATION_MSG.notTaught);
  };

  app.get(EVALUATION_URL.students, { config: { access: staff }, schema: { querystring: taughtQuerySchema, response: { 200: studentsToRateAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { courseId, classId } = request.query;
    await taughtBy(userId, courseId, classId);
    const rows = await db
      .select({ studentUserId: basicStudent.userId, studentNo: basicStudent.studentNo, name: basicStudent.name, score: practiceStudentRating.score, comment: practiceStudentRating.comment })
      .from(basicStudent)
      .leftJoin(
        practiceStudentRating,
        and(eq(practiceStudentRating.studentUserId, basicStudent.userId), eq(practiceStudentRating.courseId, courseId), eq(practiceStudentRating.teacherUserId, userId)),
      )
      .where(eq(basicStudent.classId, classId))
      .orderBy(asc(basicStudent.studentNo));
    return ok<StudentToRate[]>(rows);
  });

  app.post(EVALUATION_URL.rateStudent, { config: { access: staff }, schema: { body: rateStudentSchema, response: { 200: doneAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const { courseId, classId, studentUserId, score, comment } = request.body;
    await taughtBy(userId, courseId, classId);
    const [inClass] = await db.select({ id: basicStudent.id }).from(basicStudent).where(and(eq(basicStudent.userId, studentUserId), eq(basicStudent.classId, classId)));
    if (!inClass) throw badRequest(EVALUATION_MSG.notTaught);
    const values = { score, comment: comment?.trim() || null };
    await db
      .insert(practiceStudentRating)
      .values({ courseId, classId, teacherUserId: userId, studentUserId, ...values })
      .onConflictDoUpdate({ target: [practiceStudentRating.courseId, practiceStudentRating.teacherUserId, practiceStudentRating.studentUserId], set: { ...values, classId, updatedAt: new Date() } });
    return ok(null, EVALUATION_MSG.saved);
  });

  /** My courses' averages and their comments, with nothing of who wrote them. */
  app.get(EVALUATION_URL.received, { config: { access: staff }, schema: { response: { 200: receivedAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    const [averages, comments] = await Promise.all([
      courseAverages(db, userId),
      db
        .select({ courseId: practiceCourseRating.courseId, comment: practiceCourseRating.comment })
        .from(practiceCourseRating)
        .where(and(eq(practiceCourseRating.teacherUserId, userId), sql`coalesce(${practiceCourseRating.comment}, '') <> ''`))
        // By text, not by time: the order says nothing of who wrote which.
        .orderBy(asc(practiceCourseRating.comment)),
    ]);
    return ok<CourseAverage[]>(averages.map((a) => ({ ...a, comments: comments.filter((c) => c.courseId === a.courseId).map((c) => c.comment!) })));
  });

  app.get(EVALUATION_URL.stats, { config: { access: { permission: EVALUATION_PERMISSIONS.stats, scope: 'all' } }, schema: { response: { 200: statsAnswer } } }, async () => {
    const [courses, teachers] = await Promise.all([
      courseAverages(db, null),
      db
        .select({ teacherUserId: practiceCourseRating.teacherUserId, teacherName, count: count(), average: avg(practiceCourseRating.score) })
        .from(practiceCourseRating)
        .innerJoin(teacher, eq(teacher.id, practiceCourseRating.teacherUserId))
        .groupBy(practiceCourseRating.teacherUserId, teacher.realname, teacher.username)
        .orderBy(sql`avg(${practiceCourseRating.score}) desc`, asc(teacher.realname))
        .then((rows) => rows.map((r) => ({ ...r, average: round(r.average) }))),
    ]);
    return ok<EvaluationStats>({ courses, teachers });
  });
}
