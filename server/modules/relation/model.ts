import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { RECORD_PERMISSIONS } from '@contract/internship.ts';
import { RELATIONS, type Relation, type RelationAccess } from '@contract/relations.ts';
import type { Database } from '../../db/database.ts';
import { basicClass, basicStudent, basicTeacher, internshipEnrolment, internshipRecord, sysPermission, sysRolePermission, sysUser, sysUserRole } from '../../db/schema.ts';
import { departScopeOf, inDeparts, type DepartLink } from '../../lib/data-scope.ts';
import { requireAuth, type AuthContext } from '../../types.ts';
import type { AuthCache } from '../auth/auth-cache.ts';
import { STUDENT_SCOPE } from '../basic/bindings.ts';
import { actionAllowed } from '../permission/queries.ts';
import { ADMIN_ROLE_ID } from '../role/queries.ts';

/**
 * The one relation model (contract/relations.ts): for a person and a student's placement, which relations
 * hold (self, adviser, mentor, 班主任, department administrator, internship office, system administrator).
 * Every module filters its lists and checks its single rows with placementReach, and nothing else rebuilds
 * the placement join. What a person is besides the placement's own columns (their school-wide or department
 * reach) is read once per session and kept with its other decisions (AuthCache).
 */
export interface Viewer {
  userId: string;
  /** The whole school's internships: the system administrator, or a role holding internship:weekly:all (实习办). */
  school: 'admin' | 'office' | null;
  /** A department administrator's departments (a role of data_scope 'depart', with those under them). */
  departIds: string[] | null;
}

/**
 * A person as the placements' own columns relate them (self, adviser, mentor, 班主任), without what a role
 * adds: for the places that act for a person outside a request (a thread's participants, a job's recipients).
 */
export const personalViewer = (userId: string): Viewer => ({ userId, school: null, departIds: null });

/** A placement belongs to its student's class's major's department. */
export const PLACEMENT_SCOPE: DepartLink = { column: internshipEnrolment.studentUserId, parent: { table: basicStudent, id: basicStudent.userId, link: STUDENT_SCOPE } };

async function computeViewer(db: Database, auth: AuthContext): Promise<Viewer> {
  const [departIds, wholeSchool] = await Promise.all([departScopeOf(db, auth), actionAllowed(db, RECORD_PERMISSIONS.all, [auth.activeRoleId])]);
  const school = departIds ? null : auth.activeRoleId === ADMIN_ROLE_ID ? 'admin' : wholeSchool ? 'office' : null;
  return { userId: auth.userId, school, departIds };
}

/** The caller as the relation model sees them, from the session's cache when it holds them. */
export async function viewerOf(db: Database, auth: AuthContext, cache?: Pick<AuthCache, 'viewer' | 'stamp' | 'storeViewer'>): Promise<Viewer> {
  const known = cache?.viewer(auth.sessionId);
  if (known) return known;
  const stamp = cache?.stamp() ?? null;
  const viewer = await computeViewer(db, auth);
  cache?.storeViewer(stamp, auth.sessionId, viewer);
  return viewer;
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();

/**
 * The viewer of a request to a route that declares scope 'placement' (config.access.scope): the data such a
 * route answers is filtered by the relation model, and only such a route may ask for it.
 */
export function requestViewer(request: FastifyRequest): Promise<Viewer> {
  const access = request.routeOptions.config?.access;
  if (!access || access.public || access.scope !== 'placement') throw new Error(`${request.routeOptions.url} reads placements but does not declare scope 'placement'`);
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = viewerOf(request.server.db, requireAuth(request.auth), request.server.authCache);
    viewers.set(request, viewer);
  }
  return viewer;
}

const headTeacherOf = (userId: string): SQL =>
  sql`${internshipEnrolment.studentUserId} in (select ${basicStudent.userId} from ${basicStudent} inner join ${basicClass} on ${basicClass.id} = ${basicStudent.classId} inner join ${basicTeacher} on ${basicTeacher.id} = ${basicClass.headTeacherId} where ${basicTeacher.userId} = ${userId})`;

/** The condition on internship_enrolment that one relation holds for the viewer (false where it cannot). */
function holds(viewer: Viewer, relation: Relation): SQL {
  switch (relation) {
    case 'self':
      return eq(internshipEnrolment.studentUserId, viewer.userId);
    case 'adviser':
      return eq(internshipEnrolment.adviserUserId, viewer.userId);
    case 'mentor':
      return eq(internshipEnrolment.mentorUserId, viewer.userId);
    case 'headTeacher':
      return headTeacherOf(viewer.userId);
    case 'department':
      return viewer.departIds ? inDeparts(PLACEMENT_SCOPE, viewer.departIds) : sql`false`;
    case 'office':
    case 'admin':
      return viewer.school === relation ? sql`true` : sql`false`;
  }
}

/** The placements (rows of internship_enrolment in the query) to which the viewer holds one of the relations. */
export function placementReach(viewer: Viewer, relations: readonly Relation[]): SQL {
  if (relations.some((r) => (r === 'office' || r === 'admin') && viewer.school === r)) return sql`true`;
  const conditions = relations.filter((r) => r !== 'office' && r !== 'admin' && (r !== 'department' || viewer.departIds)).map((r) => holds(viewer, r));
  return conditions.length === 0 ? sql`false` : or(...conditions)!;
}

/**
 * A student's records within reach for an action of the kind's access: the student's own, drafts included;
 * anyone else's only once filed (never a draft).
 */
export function recordReach(viewer: Viewer, access: RelationAccess, action: keyof RelationAccess): SQL {
  const relations = access[action];
  const others = relations.filter((r) => r !== 'self');
  const filed = and(ne(internshipRecord.status, 'draft'), placementReach(viewer, others))!;
  return relations.includes('self') ? or(holds(viewer, 'self'), filed)! : filed;
}

/** Every relation the viewer holds to one placement (none when it does not exist). */
export async function relationsTo(db: Database, viewer: Viewer, enrolmentId: string): Promise<Relation[]> {
  const columns = Object.fromEntries(RELATIONS.map((r) => [r, sql<boolean>`(${holds(viewer, r)})`])) as Record<Relation, SQL<boolean>>;
  const [row] = await db.select(columns).from(internshipEnrolment).where(eq(internshipEnrolment.id, enrolmentId)).limit(1);
  return row ? RELATIONS.filter((r) => row[r]) : [];
}

/** Live accounts (not frozen, not deleted). */
const live = and(eq(sysUser.status, 1), eq(sysUser.delFlag, 0));

/**
 * Whoever holds a role answering for the whole school: the office (a role granted internship:weekly:all,
 * its rule switched on) or the system administrator. The people to tell of the school's news (a day's warnings).
 */
export async function schoolPeople(db: Pick<Database, 'selectDistinct'>, relation: 'office' | 'admin'): Promise<string[]> {
  const roles =
    relation === 'admin'
      ? sql`${sysUserRole.roleId} = ${ADMIN_ROLE_ID}`
      : sql`${sysUserRole.roleId} <> ${ADMIN_ROLE_ID} and ${sysUserRole.roleId} in (select ${sysRolePermission.roleId} from ${sysRolePermission} inner join ${sysPermission} on ${sysPermission.id} = ${sysRolePermission.permissionId}
          where ${sysPermission.delFlag} = 0 and ${sysPermission.status} = '1' and strpos(${sysPermission.perms}, ${RECORD_PERMISSIONS.all}) > 0)`;
  const rows = await db.selectDistinct({ id: sysUser.id }).from(sysUserRole).innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId)).where(and(roles, live));
  return rows.map((r) => r.id);
}

/**
 * The people who hold one of the relations to a placement (user ids, each once): the student, the adviser and
 * the mentor from its own columns, the 班主任 of the student's class, and for office and admin the school's. A
 * department administrator is told through the workflow's steps, not here.
 */
export async function peopleOf(db: Pick<Database, 'select' | 'selectDistinct'>, enrolmentId: string, relations: readonly Relation[]): Promise<string[]> {
  const [row] = await db
    .select({ self: internshipEnrolment.studentUserId, adviser: internshipEnrolment.adviserUserId, mentor: internshipEnrolment.mentorUserId, headTeacher: basicTeacher.userId })
    .from(internshipEnrolment)
    .leftJoin(basicStudent, eq(basicStudent.userId, internshipEnrolment.studentUserId))
    .leftJoin(basicClass, eq(basicClass.id, basicStudent.classId))
    .leftJoin(basicTeacher, eq(basicTeacher.id, basicClass.headTeacherId))
    .where(eq(internshipEnrolment.id, enrolmentId))
    .limit(1);
  if (!row) return [];
  const ids = new Set<string>();
  for (const relation of relations) {
    if (relation === 'office' || relation === 'admin') for (const id of await schoolPeople(db, relation)) ids.add(id);
    else if (relation !== 'department' && row[relation]) ids.add(row[relation]);
  }
  if (ids.size === 0) return [];
  const alive = await db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, [...ids]), live));
  return alive.map((r) => r.id);
}
