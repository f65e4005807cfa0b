import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { isIsoDate, schoolToday, type AttachmentMeta } from './internship.ts';
import type { RelationAccess } from './relations.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/**
 * 走访/巡查: an adviser's visit to their students at work (实地), or a quick contact (电话, 视频, 微信, 面谈: the
 * 联系记录 a school counts each month, contract/season.ts): the date, the mode, the students seen, notes and photos. Filed on a phone, offline like the students' records: the id comes
 * from the device, the photos go before the visit, and a resent visit is kept once.
 */

export const VISIT_URL = {
  base: '/internship/visit',
  list: '/internship/visit/list',
  students: '/internship/visit/students',
  one: (id: string) => `/internship/visit/${id}`,
  attachments: (id: string) => `/internship/visit/${id}/attachments`,
} as const;

/** Filing one's own visits (advisers); listing them (advisers, the office); everyone's with RECORD_PERMISSIONS.all. */
export const VISIT_PERMISSION = 'internship:visit:file';
export const VISIT_LIST_PERMISSION = 'internship:visit:list';
export const VISIT_PATH = '/internship/visit';

export const VISIT_MODES = [
  { value: 'onsite', label: '实地走访' },
  { value: 'phone', label: '电话' },
  { value: 'video', label: '视频' },
  { value: 'wechat', label: '微信' },
  { value: 'meeting', label: '面谈' },
] as const;
export type VisitMode = (typeof VISIT_MODES)[number]['value'];
export const visitModeLabel = (mode: string) => VISIT_MODES.find((m) => m.value === mode)?.label ?? mode;

export const VISIT_MAX_PHOTOS = 9;
export const VISIT_MAX_STUDENTS = 60;
export const VISIT_MIN_NOTES = 10;

export const VISIT_MSG = {
  dateRequired: '请选择走访日期',
  dateFuture: '走访日期不能晚于今天',
  modeRequired: '请选择走访方式',
  studentsRequired: '请选择走访的学生',
  tooManyStudents: `一次最多记录${VISIT_MAX_STUDENTS}名学生`,
  notesRequired: '请填写走访情况',
  notesTooShort: `走访情况至少${VISIT_MIN_NOTES}字`,
  notesTooLong: '走访情况不能超过2000字',
  notYourStudents: '所选学生中有不是您指导或任班主任的学生',
  tooManyPhotos: `照片最多${VISIT_MAX_PHOTOS}张`,
  notFound: '走访记录不存在或无权查看',
  idTaken: '走访记录编号已被使用，请重新填写',
} as const;

export const visitWriteSchema = lazySchema(() =>
  z.object({
    visitDate: z
      .string({ error: VISIT_MSG.dateRequired })
      .check(
        z.refine((v) => isIsoDate(v), VISIT_MSG.dateRequired),
        z.refine((v) => v <= schoolToday(), VISIT_MSG.dateFuture),
      ),
    mode: z.enum(VISIT_MODES.map((m) => m.value) as [VisitMode, ...VisitMode[]], { error: VISIT_MSG.modeRequired }),
    enrolmentIds: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, VISIT_MSG.studentsRequired), z.maxLength(VISIT_MAX_STUDENTS, VISIT_MSG.tooManyStudents)),
    notes: z
      .string({ error: VISIT_MSG.notesRequired })
      .check(z.trim(), z.minLength(1, VISIT_MSG.notesRequired), z.minLength(VISIT_MIN_NOTES, VISIT_MSG.notesTooShort), z.maxLength(2000, VISIT_MSG.notesTooLong)),
    /** The photos the visit keeps (uploaded before it, each by its own id). */
    attachmentIds: z._default(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(VISIT_MAX_PHOTOS, VISIT_MSG.tooManyPhotos)), []),
  }),
);
export type VisitWriteInput = z.input<typeof visitWriteSchema>;

export interface VisitStudent {
  enrolmentId: string;
  studentName: string;
  studentNo: string;
  unitName: string | null;
}

export interface VisitRow {
  id: string;
  visitDate: string;
  mode: VisitMode;
  adviserName: string;
  students: string[];
  notes: string;
  photoCount: number;
  createdAt: string;
}

export interface VisitDetail extends VisitRow {
  studentList: VisitStudent[];
  attachments: AttachmentMeta[];
}

/**
 * Who reads a placement's visits (beside each teacher's own list) and who records one: its adviser, and the
 * student's 班主任, whose contacts a program may ask for too (contract/season.ts CONTACT_ROLES).
 */
export const VISIT_ACCESS: RelationAccess = { read: ['adviser', 'headTeacher', 'office', 'admin'], review: ['adviser', 'headTeacher'] };

export const VISITS_PAGE = {
  id: 'menu-internship-visit',
  parent: 'menu-internship',
  name: '走访记录',
  path: '/internship/visit',
  component: 'internship/Visits',
  icon: 'environment',
  order: 10,
  roles: ['admin', 'internshipOffice', 'relationAdviser', 'relationHeadTeacher'],
  rules: [
    { code: VISIT_PERMISSION, name: '填写走访记录', roles: ['relationAdviser', 'relationHeadTeacher'] },
    { code: VISIT_LIST_PERMISSION, name: '查看走访记录' },
  ],
} as const satisfies MenuDeclaration;
