import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { UNFILLED, parseYearRange } from '@contract/stats-report.ts';
import { basicClass, basicMajor, basicStudent, internshipEnrolment, internshipProgram, internshipUnit, sysDepart } from '../../db/schema.ts';
import { inDeparts } from '../../lib/data-scope.ts';
import { UNIT_REGION } from '../internship-unit/region.ts';
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
  // 统计报表's figures (contract/stats-report.ts REPORT_SEARCH): 专业, the unit's 行业 and 地区, 岗位对口, each with 未填写.
  majorId: (value) => {
    const ofMajor = sql`select ${basicStudent.userId} from ${basicStudent} inner join ${basicClass} on ${basicClass.id} = ${basicStudent.classId}`;
    return value === UNFILLED
      ? sql`${internshipEnrolment.studentUserId} not in (${ofMajor})`
      : sql`${internshipEnrolment.studentUserId} in (${ofMajor} where ${basicClass.majorId} = ${value})`;
  },
  unitIndustry: (value) => unitWhere(value === UNFILLED ? isNull(internshipUnit.industry) : eq(internshipUnit.industry, value)),
  // From the name's start: 东莞 finds 东莞市, and a figure's full name only its own.
  unitRegion: (value) => unitWhere(sql`${UNIT_REGION} like ${`${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
  majorMatch: (value) => (value === UNFILLED ? isNull(internshipEnrolment.majorMatch) : eq(internshipEnrolment.majorMatch, value)),
  // 实习年份: the programs starting in a year (2025) or in a range of years (2024-2026).
  programYear: (value) => {
    const years = parseYearRange(value);
    if (!years) return undefined;
    return sql`${internshipEnrolment.programId} in (select ${internshipProgram.id} from ${internshipProgram} where ${internshipProgram.startDate} between ${`${years.from}-01-01`} and ${`${years.to}-12-31`})`;
  },
};

/** The placements at a unit matching a condition over internship_unit. */
function unitWhere(condition: SQL): SQL {
  return sql`${internshipEnrolment.unitId} in (select ${internshipUnit.id} from ${internshipUnit} where ${condition})`;
}

const studentMajor = sql`(select ${basicClass.majorId} from ${basicClass} where ${basicClass.id} = ${basicStudent.classId})`;
const studentDepart = sql`(select ${basicMajor.departId} from ${basicMajor} where ${basicMajor.id} = ${studentMajor})`;

/** The student's class and department with their names, read with each placement (the ref fields classId and departId). */
export const STUDENT_PLACE_COLUMNS = {
  classId: sql<string | null>`${basicStudent.classId}`,
  classId_dictText: sql<string | null>`(select ${basicClass.name} from ${basicClass} where ${basicClass.id} = ${basicStudent.classId})`,
  departId: sql<string | null>`${studentDepart}`,
  departId_dictText: sql<string | null>`(select ${sysDepart.departName} from ${sysDepart} where ${sysDepart.id} = ${studentDepart})`,
};
