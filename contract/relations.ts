/**
 * A person's relation to a student's placement (DOMAIN.md "People and accounts"): the one answer to who may
 * see or act on a student's work. The server's relation model (server/modules/relation/model.ts) computes it;
 * each record kind, the warnings, placements and scores declare which relations read, review and are told.
 */
export const RELATIONS = ['self', 'adviser', 'mentor', 'headTeacher', 'department', 'office', 'admin'] as const;
export type Relation = (typeof RELATIONS)[number];

/** The school's staff who look after a student's placement, the mentor aside. */
export const SCHOOL_STAFF: readonly Relation[] = ['adviser', 'headTeacher', 'department', 'office', 'admin'];
/** Everyone related to a placement. */
export const ALL_RELATED: readonly Relation[] = RELATIONS;
/** Whoever answers for the whole school, or the placement's own adviser: those who review and handle. */
export const ADVISER_OR_SCHOOL: readonly Relation[] = ['adviser', 'office', 'admin'];

/** Who reads, who reviews (or handles), of one kind of a student's work. */
export interface RelationAccess {
  read: readonly Relation[];
  review: readonly Relation[];
}
