import { and, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, sysDepart } from '../../db/schema.ts';
import { inDeparts } from '../../lib/data-scope.ts';
import { PLACEMENT_SCOPE } from '../relation/model.ts';

/**
 * 已落实 and 未落实 (contract PLACED_OPTIONS): what 实习统计 counts and what the placements list searches for,
 * so a figure and the list it opens say the same.
 */
export const PLACED = {
  placed: isNotNull(internshipEnrolment.unitId),
  unplaced: and(isNull(internshipEnrolment.unitId), ne(internshipEnrolment.status, 'terminated'))!,
} as const;

/**
 * The list's searches without a column of the placement's own (the student's class and department, 落实情况):
 * subqueries on the placement row, since a page's ids are read from internship_enrolment alone.
 */
export const PLACEMENT_SEARCH: Readonly<Record<string, (value: string) => SQL | undefined>> = {
  classId: (value) => sql`${internshipEnrolment.studentUserId} in (select ${basicStudent.userId} from ${basicStudent} where ${basicStudent.classId} = ${value})`,
  departId: (value) => inDeparts(PLACEMENT_SCOPE, [value]),
  placed: (value) => (value === '1' ? PLACED.placed : value === '0' ? PLACED.unplaced : undefined),
};

const studentMajor = sql`(select ${basicClass.majorId} from ${basicClass} where ${basicClass.id} = ${basicStudent.classId})`;
const studentDepart = sql`(select ${basicMajor.departId} from ${basicMajor} where ${basicMajor.id} = ${studentMajor})`;

/** The student's class and department with their names, read with each placement (the ref fields classId and departId). */
export const STUDENT_PLACE_COLUMNS = {
  classId: sql<string | null>`${basicStudent.classId}`,
  classId_dictText: sql<string | null>`(select ${basicClass.name} from ${basicClass} where ${basicClass.id} = ${basicStudent.classId})`,
  departId: sql<string | null>`${studentDepart}`,
  departId_dictText: sql<string | null>`(select ${sysDepart.departName} from ${sysDepart} where ${sysDepart.id} = ${studentDepart})`,
};
