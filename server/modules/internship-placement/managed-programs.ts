import { and, eq, inArray } from 'drizzle-orm';
import { PLACEMENT_ACCESS } from '@contract/internship-placement.ts';
import type { EnrolmentStatus } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram } from '../../db/schema.ts';
import { placementReach, type Viewer } from '../relation/model.ts';

/**
 * The programs of the placements the viewer manages (PLACEMENT_ACCESS.review), optionally of placements in some
 * statuses only, the running and latest first: the program choice of 合规检查 and 实习上报.
 */
export async function managedPrograms(db: Database, viewer: Viewer, statuses?: readonly EnrolmentStatus[]) {
  const rows = await db
    .selectDistinct({ id: internshipProgram.id, name: internshipProgram.name, status: internshipProgram.status, startDate: internshipProgram.startDate, endDate: internshipProgram.endDate })
    .from(internshipEnrolment)
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .where(and(placementReach(viewer, PLACEMENT_ACCESS.review), statuses ? inArray(internshipEnrolment.status, [...statuses]) : undefined));
  const running = (p: { status: string }) => (p.status === 'running' ? 0 : 1);
  return rows.sort((a, b) => running(a) - running(b) || b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name, 'zh-CN'));
}
