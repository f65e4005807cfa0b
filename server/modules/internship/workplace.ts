import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_WORK_RADIUS, PROPOSAL_CHECKINS, proposedWorkplace } from '@contract/geo.ts';
import type { RecordKindDeclaration, WorkplaceProposal } from '@contract/records.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipRecord } from '../../db/schema.ts';
import type { Viewer } from '../relation/model.ts';
import { runningPlacements } from './daily.ts';

/**
 * A workplace proposed from a student's first located check-ins (issue 35), where the office entered none: the
 * adviser confirms it, and every later check-in is measured against it. Nothing is proposed from check-ins that
 * scatter (contract/geo.ts proposedWorkplace).
 */

/** The viewer's running placements without a workplace, with their first located check-ins' proposal where there is one. */
export async function workplaceProposals(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, enrolmentId?: string): Promise<WorkplaceProposal[]> {
  const placements = await runningPlacements(db, declaration, viewer, and(isNull(internshipEnrolment.workLatitude), enrolmentId ? eq(internshipEnrolment.id, enrolmentId) : undefined));
  if (placements.length === 0) return [];
  // Each placement's first located check-ins, numbered by when they were made.
  const ranked = db
    .select({
      enrolmentId: internshipRecord.enrolmentId,
      day: internshipRecord.periodStart,
      latitude: sql<number>`(${internshipRecord.data}->>'latitude')::float8`.as('latitude'),
      longitude: sql<number>`(${internshipRecord.data}->>'longitude')::float8`.as('longitude'),
      n: sql<number>`row_number() over (partition by ${internshipRecord.enrolmentId} order by ${internshipRecord.data}->>'checkedAt')`.as('n'),
    })
    .from(internshipRecord)
    .where(
      and(
        eq(internshipRecord.kind, declaration.kind),
        inArray(internshipRecord.enrolmentId, placements.map((p) => p.enrolmentId)),
        sql`${internshipRecord.data}->>'location' = 'granted'`,
      ),
    )
    .as('ranked');
  const first = await db.select().from(ranked).where(sql`${ranked.n} <= ${PROPOSAL_CHECKINS}`);
  return placements.flatMap((placement) => {
    const checkins = first.filter((c) => c.enrolmentId === placement.enrolmentId);
    const proposal = proposedWorkplace(checkins.map((c) => ({ latitude: Number(c.latitude), longitude: Number(c.longitude) })));
    return proposal ? [{ ...placement, ...proposal, days: checkins.map((c) => c.day).sort() }] : [];
  });
}

/** The adviser's confirmation: the proposal becomes the placement's workplace (if none was entered meanwhile). */
export async function confirmWorkplace(db: Database, declaration: RecordKindDeclaration, viewer: Viewer, enrolmentId: string): Promise<boolean> {
  const [proposal] = await workplaceProposals(db, declaration, viewer, enrolmentId);
  if (!proposal) return false;
  const updated = await db
    .update(internshipEnrolment)
    .set({ workLatitude: proposal.latitude, workLongitude: proposal.longitude, workRadius: sql`coalesce(${internshipEnrolment.workRadius}, ${DEFAULT_WORK_RADIUS})` })
    .where(and(eq(internshipEnrolment.id, enrolmentId), isNull(internshipEnrolment.workLatitude)))
    .returning({ id: internshipEnrolment.id });
  return updated.length > 0;
}
