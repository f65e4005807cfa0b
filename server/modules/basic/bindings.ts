import { and, eq, getTableColumns, getTableName, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ResourceDescription } from '@contract/resource.ts';
import { BUILDING_RESOURCE, CAMPUS_RESOURCE, CLASSROOM_RESOURCE, CLASS_RESOURCE, COURSE_RESOURCE, MAJOR_RESOURCE, STUDENT_RESOURCE, TEACHER_RESOURCE } from '@contract/basic-data.ts';
import type { Database } from '../../db/database.ts';
import { basicBuilding, basicCampus, basicClass, basicClassroom, basicCourse, basicMajor, basicStudent, basicTeacher, internshipEnrolment, sysDepart, sysUser } from '../../db/schema.ts';
import type { DepartLink } from '../../lib/data-scope.ts';
import type { RefTable, RelatedValues, ResourceBinding } from '../../lib/resource/binding.ts';
import { STUDENT_KIND, TEACHER_KIND, accountChecks, accountWrites, accountValues } from './accounts.ts';

/** 基础数据: one binding per entity of contract/basic-data.ts, served by the resource routes. */

type Row = Record<string, unknown>;

/** A table row as the API answers it: its fields, and its times as createTime/updateTime. */
function basicRow(row: Row): object {
  const { createdAt, updatedAt, ...fields } = row;
  return { ...fields, createTime: (createdAt as Date).toISOString(), updateTime: (updatedAt as Date).toISOString() };
}

// How rows belong to departments (院系): majors and teachers directly, classes and courses by their major, students by their class.
export const DEPART_SCOPE: DepartLink = { column: sysDepart.id };
export const MAJOR_SCOPE: DepartLink = { column: basicMajor.departId };
const viaMajor = (column: PgColumn): DepartLink => ({ column, parent: { table: basicMajor, id: basicMajor.id, link: MAJOR_SCOPE } });
export const CLASS_SCOPE = viaMajor(basicClass.majorId);
export const COURSE_SCOPE = viaMajor(basicCourse.majorId);
export const TEACHER_SCOPE: DepartLink = { column: basicTeacher.departId };
export const STUDENT_SCOPE: DepartLink = { column: basicStudent.classId, parent: { table: basicClass, id: basicClass.id, link: CLASS_SCOPE } };

/** 院系: live departments of type 院系 (orgType '2'). */
export const DEPART_CHOOSABLE = and(eq(sysDepart.orgType, '2'), eq(sysDepart.delFlag, 0));

const REF: Record<'campus' | 'building' | 'major' | 'class' | 'teacher' | 'depart', RefTable> = {
  campus: { table: basicCampus, id: basicCampus.id, label: basicCampus.name, code: basicCampus.code, codeLabel: '校区编码' },
  building: { table: basicBuilding, id: basicBuilding.id, label: basicBuilding.name, code: basicBuilding.code, codeLabel: '楼宇编码' },
  major: { table: basicMajor, id: basicMajor.id, label: basicMajor.name, code: basicMajor.code, codeLabel: '专业代码', scope: MAJOR_SCOPE },
  class: { table: basicClass, id: basicClass.id, label: basicClass.name, code: basicClass.code, codeLabel: '班级编码', scope: CLASS_SCOPE },
  teacher: { table: basicTeacher, id: basicTeacher.id, label: basicTeacher.name, code: basicTeacher.workNo, codeLabel: '工号', scope: TEACHER_SCOPE },
  depart: { table: sysDepart, id: sysDepart.id, label: sysDepart.departName, code: sysDepart.orgCode, codeLabel: '院系编码', where: DEPART_CHOOSABLE, scope: DEPART_SCOPE },
};

/** A student's account and department (院系, through the class's major): a student's row names its department, as its export does. */
const studentAccount = accountValues(STUDENT_KIND);
const studentValues: RelatedValues = {
  ...studentAccount,
  columns: {
    ...studentAccount.columns,
    departName: sql<string | null>`(select ${sysDepart.departName} from ${sysDepart} where ${sysDepart.id} =
      (select ${basicMajor.departId} from ${basicMajor} join ${basicClass} on ${basicClass.majorId} = ${basicMajor.id} where ${basicClass.id} = ${basicStudent.classId}))`,
  },
  reads: [basicClass, basicMajor, sysDepart],
  answers: { ...studentAccount.answers, departName: z.string().nullable() },
};

export const BASIC_BINDINGS: readonly ResourceBinding[] = [
  {
    resource: CAMPUS_RESOURCE,
    table: basicCampus,
    idColumn: basicCampus.id,
    toRow: basicRow,
    usedBy: [{ table: basicBuilding, column: basicBuilding.campusId, message: (subject, n) => `${subject}下还有 ${n} 栋楼宇，不能删除` }],
    importMatch: 'code',
  },
  {
    resource: BUILDING_RESOURCE,
    table: basicBuilding,
    idColumn: basicBuilding.id,
    toRow: basicRow,
    refs: { campusId: REF.campus },
    usedBy: [{ table: basicClassroom, column: basicClassroom.buildingId, message: (subject, n) => `${subject}下还有 ${n} 间教室，不能删除` }],
    importMatch: 'code',
  },
  {
    resource: CLASSROOM_RESOURCE,
    table: basicClassroom,
    idColumn: basicClassroom.id,
    toRow: basicRow,
    refs: { buildingId: REF.building },
    importMatch: 'code',
  },
  {
    resource: MAJOR_RESOURCE,
    table: basicMajor,
    idColumn: basicMajor.id,
    toRow: basicRow,
    refs: { departId: REF.depart },
    scope: MAJOR_SCOPE,
    usedBy: [
      { table: basicClass, column: basicClass.majorId, message: (subject, n) => `${subject}下还有 ${n} 个班级，不能删除` },
      { table: basicCourse, column: basicCourse.majorId, message: (subject, n) => `${subject}下还有 ${n} 门课程，不能删除` },
    ],
    importMatch: 'code',
  },
  {
    resource: CLASS_RESOURCE,
    table: basicClass,
    idColumn: basicClass.id,
    toRow: basicRow,
    refs: { majorId: REF.major, headTeacherId: REF.teacher },
    scope: CLASS_SCOPE,
    countedRows: true,
    usedBy: [{ table: basicStudent, column: basicStudent.classId, message: (subject, n) => `${subject}下还有 ${n} 名学生，不能删除` }],
    importMatch: 'code',
  },
  {
    resource: COURSE_RESOURCE,
    table: basicCourse,
    idColumn: basicCourse.id,
    toRow: basicRow,
    refs: { majorId: REF.major },
    scope: COURSE_SCOPE,
    importMatch: 'code',
  },
  {
    resource: TEACHER_RESOURCE,
    table: basicTeacher,
    idColumn: basicTeacher.id,
    toRow: basicRow,
    refs: { departId: REF.depart },
    scope: TEACHER_SCOPE,
    countedRows: true,
    usedBy: [
      { table: basicClass, column: basicClass.headTeacherId, message: (subject, n) => `${subject}还是 ${n} 个班级的班主任，不能删除` },
      { table: internshipEnrolment, column: internshipEnrolment.adviserUserId, key: basicTeacher.userId, message: (subject, n) => `${subject}还在指导 ${n} 条实习记录，不能删除` },
    ],
    checkRows: accountChecks(TEACHER_KIND),
    write: accountWrites(TEACHER_KIND),
    related: accountValues(TEACHER_KIND),
    importMatch: 'workNo',
  },
  {
    resource: STUDENT_RESOURCE,
    table: basicStudent,
    idColumn: basicStudent.id,
    toRow: basicRow,
    refs: { classId: REF.class },
    scope: STUDENT_SCOPE,
    countedRows: true,
    usedBy: [{ table: internshipEnrolment, column: internshipEnrolment.studentUserId, key: basicStudent.userId, message: (subject, n) => `${subject}还有 ${n} 条实习记录，不能删除` }],
    checkRows: accountChecks(STUDENT_KIND),
    write: accountWrites(STUDENT_KIND),
    related: studentValues,
    importMatch: 'studentNo',
  },
];

export interface DuplicateCheck {
  column: PgColumn;
  id: PgColumn;
  /**
   * The permission codes of the forms that check the field as the user types: the add form (no dataId)
   * and the edit form (dataId). Nobody else learns through the check what values other rows hold.
   */
  forms: { add: string; edit: string };
  /** Also taken when this says so (a 学号 that is another account's username or 工号). */
  alsoTaken?: (db: Database, value: string, dataId: string | undefined) => Promise<boolean>;
}

type DuplicateLookup = DuplicateCheck['alsoTaken'];

/** The add and edit codes of a resource's form; a resource with only one of them uses it for both. */
export function formsOf(resource: ResourceDescription): DuplicateCheck['forms'] {
  const { add = resource.permissions.edit, edit = resource.permissions.add } = resource.permissions;
  if (!add || !edit) throw new Error(`${resource.key} has unique fields but no add or edit permission code for /sys/duplicate/check`);
  return { add, edit };
}

/** A resource's unique fields for /sys/duplicate/check, by '<table>.<column>' as the declaration names them. */
export function uniqueChecksOf(resource: ResourceDescription, table: PgTable, id: PgColumn, alsoTaken?: DuplicateLookup): Record<string, DuplicateCheck> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    resource.fields.flatMap((field) => {
      if (!field.unique) return [];
      const column = columns[field.name];
      if (!column) throw new Error(`${resource.key}.${field.name} is unique but ${getTableName(table)} has no such column`);
      return [[`${field.unique.table}.${field.unique.field}`, { column, id, forms: formsOf(resource), alsoTaken }]];
    }),
  );
}

/** A 工号/学号 is also refused when another account has it as username or 工号 (dataId is the person's id). */
const accountNumberTaken =
  (personTable: typeof basicTeacher | typeof basicStudent) =>
  async (db: Database, value: string, dataId: string | undefined): Promise<boolean> => {
    const [self] = dataId ? await db.select({ userId: personTable.userId }).from(personTable).where(eq(personTable.id, dataId)).limit(1) : [];
    const [taken] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(or(eq(sysUser.username, value), eq(sysUser.workNo, value)), self ? ne(sysUser.id, self.userId) : undefined))
      .limit(1);
    return Boolean(taken);
  };

/** The unique fields of basic data for /sys/duplicate/check, by '<table>.<column>' as the descriptions name them. */
export const BASIC_DUPLICATE_CHECKS: Record<string, DuplicateCheck> = Object.assign(
  {},
  ...BASIC_BINDINGS.map((binding) =>
    uniqueChecksOf(
      binding.resource,
      binding.table,
      binding.idColumn,
      binding.table === basicTeacher ? accountNumberTaken(basicTeacher) : binding.table === basicStudent ? accountNumberTaken(basicStudent) : undefined,
    ),
  ),
);
