import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RECORD_PERMISSIONS } from '@contract/internship.ts';
import { isActionAllowed } from '@contract/permissions.ts';
import type { Database } from '../../db/database.ts';
import { basicMajor, internshipEnrolment } from '../../db/schema.ts';
import { departScopeOf } from '../../lib/data-scope.ts';
import type { AuthContext } from '../../types.ts';
import { roleButtonRules, systemButtonRules } from '../permission/queries.ts';

/**
 * Whose placements a caller reaches in the warnings and the statistics: a 院系管理员 (data_scope 'depart')
 * their departments' students (student → class → major → department); a role holding the "every student"
 * rule of the internship records (internship:weekly:all: 实习办, 系统管理员) all; anyone else the students
 * they advise.
 */
export type PlacementReach = { kind: 'all' } | { kind: 'depart'; departIds: string[] } | { kind: 'adviser'; userId: string };

export async function placementReachOf(db: Database, auth: AuthContext): Promise<PlacementReach> {
  const departIds = await departScopeOf(db, auth);
  if (departIds) return { kind: 'depart', departIds };
  const [rules, allRules] = await Promise.all([roleButtonRules(db, auth.activeRoleId), systemButtonRules(db)]);
  if (isActionAllowed(RECORD_PERMISSIONS.all, rules, allRules)) return { kind: 'all' };
  return { kind: 'adviser', userId: auth.userId };
}

/** The condition that a placement (internship_enrolment, joined with its student's basic_student, basic_class and basic_major) is in reach. */
export function inReach(reach: PlacementReach): SQL | undefined {
  switch (reach.kind) {
    case 'all':
      return undefined;
    case 'depart':
      return reach.departIds.length > 0 ? inArray(basicMajor.departId, reach.departIds) : sql`false`;
    case 'adviser':
      return eq(internshipEnrolment.adviserUserId, reach.userId);
  }
}
