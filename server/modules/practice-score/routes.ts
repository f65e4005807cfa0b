import { and, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  PRACTICE_SCORE_MSG as MSG,
  PRACTICE_SCORE_PERMISSIONS,
  SHEET_STATUSES,
  cellProblem,
  cellsSaveSchema,
  isTerm,
  sheetCreateSchema,
  sheetIdParams,
  sheetReopenSchema,
  registerCounts,
  scoreModeLabel,
  sheetSummaryText,
  storedCell,
  termLabel,
  type ScorePickRow,
  type SheetRow,
} from '@contract/practice-score.ts';
import { STUDENT_STUDYING } from '@contract/basic-data.ts';
import { registerFormat } from '@contract/documents.ts';
import { pageQuerySchema, type PageResult } from '@contract/resource.ts';
import { basicClass, basicCourse, basicStudent, practiceScoreEntry, practiceScoreLog, practiceScoreSheet } from '../../db/schema.ts';
import { EXCEL, PDF, emptyBody } from '../../lib/answers.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/excel.ts';
import { HttpError, badRequest, forbidden, isUniqueViolation, ok } from '../../lib/http.ts';
import type { Tx } from '../../lib/resource/binding.ts';
import { requireAuth, type App } from '../../types.ts';
import { sendGradeRegister } from '../documents/grade-register.ts';
import { cellsSavedAnswer, scorePickAnswer, sheetDetailAnswer, sheetPageAnswer } from './schemas.ts';
import { classDepartName, pickClasses, pickCourses, sheetDetail, sheetPage, sheetStudents, sheetViewerOf, visibleSheet } from './queries.ts';

const conflict = (message: string) => new HttpError(409, message);
const text = z.optional(z.string().check(z.maxLength(100)));
const listQuery = z.extend(pageQuerySchema, {
  term: z.optional(z.union([z.literal(''), z.string().check(z.refine(isTerm, MSG.termFormat))])),
  status: z.optional(z.union([z.literal(''), z.enum(SHEET_STATUSES.map((s) => s.value) as ['draft', 'submitted'], { error: '状态应为草稿或已提交' })])),
  keyword: text,
});
const pickerQuery = z.extend(pageQuerySchema, { name: text });
/** How many refused cells a refusal names (the grid shows every one itself). */
const NAMED_CELLS = 3;

/** Takes the sheet's row lock, so a save, a submit and a reopen never interleave; refuses a sheet no longer in draft. */
async function lockedDraft(tx: Tx, id: string) {
  const [sheet] = await tx.select({ status: practiceScoreSheet.status }).from(practiceScoreSheet).where(eq(practiceScoreSheet.id, id)).for('update');
  if (sheet?.status !== 'draft') throw conflict(MSG.locked);
}

/**
 * 成绩录入: the sheets in the caller's reach (their own; every sheet with practice:score:all), a new sheet
 * for a course, class and term (one each), a sheet with its students, the draft's cells (each checked
 * with the course's rule, all or nothing), 提交 (every cell filled and right; then locked) and 重新开放
 * (practice:score:reopen, with a reason; logged here and in the operation log). A sheet outside the
 * caller's reach answers 404 whether it exists or not; only its teacher changes its cells.
 */
export default async function practiceScoreRoutes(app: App) {
  const { db } = app;
  const input = { permission: PRACTICE_SCORE_PERMISSIONS.input, scope: 'self' } as const;
  const viewerOf = (auth: Parameters<typeof requireAuth>[0]) => sheetViewerOf(db, requireAuth(auth));

  app.get('/practice/score/list', { config: { access: input }, schema: { querystring: listQuery, response: { 200: sheetPageAnswer } } }, async (request) => {
    const { pageNo, pageSize, term, status, keyword } = request.query;
    const page = await sheetPage(db, await viewerOf(request.auth), { term: term || undefined, status: status || undefined, keyword }, pageNo, pageSize);
    const result: PageResult<SheetRow> = { ...page, current: pageNo, size: pageSize };
    return ok(result);
  });

  for (const [path, pick] of [
    ['/practice/score/courses', pickCourses],
    ['/practice/score/classes', pickClasses],
  ] as const) {
    app.get(path, { config: { access: input }, schema: { querystring: pickerQuery, response: { 200: scorePickAnswer } } }, async (request) => {
      const { pageSize, name } = request.query;
      const page = await pick(db, name, Math.min(pageSize, 50));
      const result: PageResult<ScorePickRow> = { ...page, current: 1, size: pageSize };
      return ok(result);
    });
  }

  app.post('/practice/score', { config: { access: input, logTitle: '新建成绩单' }, schema: { body: sheetCreateSchema, response: { 200: sheetDetailAnswer } } }, async (request) => {
    const viewer = await viewerOf(request.auth);
    const { courseId, classId, term } = request.body;
    const [[course], [cls]] = await Promise.all([
      db.select({ name: basicCourse.name }).from(basicCourse).where(eq(basicCourse.id, courseId)),
      db.select({ name: basicClass.name }).from(basicClass).where(eq(basicClass.id, classId)),
    ]);
    if (!course) throw badRequest(MSG.courseNotFound);
    if (!cls) throw badRequest(MSG.classNotFound);
    const exists = conflict(MSG.exists(course.name, cls.name, term));
    const [taken] = await db
      .select({ id: practiceScoreSheet.id })
      .from(practiceScoreSheet)
      .where(and(eq(practiceScoreSheet.courseId, courseId), eq(practiceScoreSheet.classId, classId), eq(practiceScoreSheet.term, term)));
    if (taken) throw exists;
    const { id, left } = await db
      .transaction(async (tx) => {
        // Only those 在读 on the day the sheet is made: one 休学 or graduated has no score to give.
        const students = await tx.select({ id: basicStudent.id, status: basicStudent.status }).from(basicStudent).where(eq(basicStudent.classId, classId));
        const studying = students.filter((s) => s.status === STUDENT_STUDYING);
        if (studying.length === 0) throw badRequest(MSG.classEmpty);
        const [sheet] = await tx.insert(practiceScoreSheet).values({ courseId, classId, term, teacherUserId: viewer.userId }).returning({ id: practiceScoreSheet.id });
        await tx.insert(practiceScoreEntry).values(studying.map((s) => ({ sheetId: sheet!.id, studentId: s.id })));
        return { id: sheet!.id, left: students.length - studying.length };
      })
      .catch((error: unknown) => {
        // Two teachers creating the same sheet at once: the second is told as if it had looked first.
        if (isUniqueViolation(error, 'practice_score_sheet_uq')) throw exists;
        throw error;
      });
    return ok(await sheetDetail(db, viewer, id), MSG.created(left));
  });

  app.get('/practice/score/:id', { config: { access: input }, schema: { params: sheetIdParams, response: { 200: sheetDetailAnswer } } }, async (request) => {
    return ok(await sheetDetail(db, await viewerOf(request.auth), request.params.id));
  });

  /** The sheet as Excel: one row per student with 学号, class and department, marks as written, then the summary. */
  app.get('/practice/score/:id/exportXls', { config: { access: input, fileAnswer: [EXCEL] }, schema: { params: sheetIdParams } }, async (request, reply) => {
    const sheet = await sheetDetail(db, await viewerOf(request.auth), request.params.id);
    const depart = await classDepartName(db, sheet.classId);
    const columns = ['序号', '学号', '姓名', '班级', '院系', '成绩'].map((header) => ({ header }));
    const rows = sheet.students.map((s, index) => [index + 1, s.studentNo, s.name, sheet.className, depart, s.value ?? '未录入']);
    const title = `${sheet.className}《${sheet.courseName}》成绩`;
    const summary = [[], ['统计', sheetSummaryText(sheet.summary)], ['学期', termLabel(sheet.term)], ['录入教师', sheet.teacherName], ['状态', sheet.status === 'submitted' ? '已提交' : '草稿']];
    return sendWorkbook(reply, `${title}_${sheet.term}`, await buildWorkbook('成绩单', columns, [...rows, ...summary]));
  });

  /** 成绩登记表 of the sheet, as a PDF to sign or as .xlsx: its students and marks, the count per grade, the signature lines. */
  app.get('/practice/score/:id/register', { config: { access: input, fileAnswer: [PDF, EXCEL] }, schema: { params: sheetIdParams, querystring: z.object({ format: registerFormat }) } }, async (request, reply) => {
    const { userId } = requireAuth(request.auth);
    const sheet = await sheetDetail(db, await viewerOf(request.auth), request.params.id);
    const register = {
      subtitle: `《${sheet.courseName}》 · ${termLabel(sheet.term)}`,
      facts: [
        ['课程', `${sheet.courseName}（${sheet.courseCode}）`],
        ['班级', sheet.className],
        ['院系', await classDepartName(db, sheet.classId)],
        ['成绩类型', scoreModeLabel(sheet.scoreMode)],
        ['任课教师', sheet.teacherName],
        ['状态', sheet.status === 'submitted' ? '已提交' : '草稿（未提交）'],
      ] as const,
      students: sheet.students.map((s) => ({ no: s.studentNo, name: s.name, value: s.value ?? '未录入' })),
      counts: registerCounts(
        sheet.students.map((s) => s.value),
        sheet.scoreMode,
      ),
      signatures: ['任课教师（签字）', '教研室主任（签字）', '教务处（盖章）'],
    };
    return sendGradeRegister(reply, db, register, { fileName: `${sheet.className}《${sheet.courseName}》成绩登记表`, format: request.query.format, issuedBy: userId });
  });

  /** The sheet for a change to its cells: in reach (else 404), the caller's own (else 403), in draft (else 409). */
  const ownDraft = async (auth: Parameters<typeof requireAuth>[0], id: string) => {
    const viewer = await viewerOf(auth);
    const sheet = await visibleSheet(db, viewer, id);
    if (sheet.teacherUserId !== viewer.userId) throw forbidden(MSG.notOwner);
    if (sheet.status !== 'draft') throw conflict(MSG.locked);
    return { viewer, sheet };
  };

  app.put('/practice/score/:id/cells', { config: { access: input, logTitle: '保存成绩草稿' }, schema: { params: sheetIdParams, body: cellsSaveSchema, response: { 200: cellsSavedAnswer } } }, async (request) => {
    const { id } = request.params;
    const { sheet } = await ownDraft(request.auth, id);
    const students = new Map((await sheetStudents(db, id)).map((s) => [s.studentId, s]));
    const cells = new Map(request.body.cells.map((c) => [c.studentId, c.value]));
    if ([...cells.keys()].some((studentId) => !students.has(studentId))) throw badRequest(MSG.unknownStudents);
    const refused = [...cells].flatMap(([studentId, value]) => {
      const problem = cellProblem(value, sheet.scoreMode);
      return problem ? [`${students.get(studentId)!.studentNo} ${students.get(studentId)!.name}：${problem}`] : [];
    });
    if (refused.length > 0) throw badRequest(MSG.invalidCells(refused.length, refused.slice(0, NAMED_CELLS).join('；') + (refused.length > NAMED_CELLS ? '…' : '')));
    const now = new Date();
    await db.transaction(async (tx) => {
      await lockedDraft(tx, id);
      for (const [studentId, value] of cells) {
        await tx
          .update(practiceScoreEntry)
          .set({ value: storedCell(value, sheet.scoreMode), updatedAt: now })
          .where(and(eq(practiceScoreEntry.sheetId, id), eq(practiceScoreEntry.studentId, studentId)));
      }
      await tx.update(practiceScoreSheet).set({ updatedAt: now }).where(eq(practiceScoreSheet.id, id));
    });
    return ok({ savedAt: now.toISOString(), saved: cells.size }, '已保存');
  });

  app.post('/practice/score/:id/submit', { config: { access: input, logTitle: '提交成绩单' }, schema: { params: sheetIdParams, body: emptyBody, response: { 200: sheetDetailAnswer } } }, async (request) => {
    const { id } = request.params;
    const { viewer, sheet } = await ownDraft(request.auth, id);
    await db.transaction(async (tx) => {
      await lockedDraft(tx, id);
      const values = await tx.select({ value: practiceScoreEntry.value }).from(practiceScoreEntry).where(eq(practiceScoreEntry.sheetId, id));
      const empty = values.filter((v) => v.value === null || v.value.trim() === '').length;
      if (empty > 0) throw badRequest(MSG.emptyCells(empty));
      // The course's mode may have changed since the cells were typed.
      const wrong = values.filter((v) => cellProblem(v.value, sheet.scoreMode) !== null).length;
      if (wrong > 0) throw badRequest(MSG.badCells(wrong));
      const now = new Date();
      await tx.update(practiceScoreSheet).set({ status: 'submitted', submittedAt: now, updatedAt: now }).where(eq(practiceScoreSheet.id, id));
      await tx.insert(practiceScoreLog).values({ sheetId: id, action: 'submit', actorId: viewer.userId });
    });
    return ok(await sheetDetail(db, viewer, id), MSG.submitted);
  });

  app.post(
    '/practice/score/:id/reopen',
    { config: { access: { permission: PRACTICE_SCORE_PERMISSIONS.reopen, scope: 'all' }, logTitle: '重新开放成绩单' }, schema: { params: sheetIdParams, body: sheetReopenSchema, response: { 200: sheetDetailAnswer } } },
    async (request) => {
      const viewer = await viewerOf(request.auth);
      const { id } = request.params;
      await visibleSheet(db, viewer, id);
      await db.transaction(async (tx) => {
        const reopened = await tx
          .update(practiceScoreSheet)
          .set({ status: 'draft', submittedAt: null, updatedAt: new Date() })
          .where(and(eq(practiceScoreSheet.id, id), inArray(practiceScoreSheet.status, ['submitted'])))
          .returning({ id: practiceScoreSheet.id });
        if (reopened.length === 0) throw conflict(MSG.notLocked);
        await tx.insert(practiceScoreLog).values({ sheetId: id, action: 'reopen', actorId: viewer.userId, reason: request.body.reason });
      });
      return ok(await sheetDetail(db, viewer, id), MSG.reopened);
    },
  );
}
