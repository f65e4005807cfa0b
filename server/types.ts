import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { FileStore } from './lib/file-store.ts';
import type { AuthCache } from './modules/auth/auth-cache.ts';
import type { ReadCache } from './lib/read-cache.ts';

/**
 * Who may call a route. Every API route declares it; the server refuses to start with one that does not.
 * - public: no session needed.
 * - permission null: any logged-in user; a code: the active role must be allowed that action.
 * - scope: whose data the route touches ('self' = only the caller's own; 'placement' = students' placements,
 *   filtered by the relation model, server/modules/relation/model.ts requestViewer, which only such a route may ask).
 */
export type DataScope = 'self' | 'all' | 'placement';
/**
 * A code, or a choice by the (parsed, not yet validated) body and query when one path serves several forms
 * (PUT /sys/user/edit, GET /sys/duplicate/check).
 */
export type PermissionCode = string | null | ((body: unknown, query?: unknown) => string | null);
/**
 * beforePasswordChange: the route also answers an account that must still change its initial password
 * (logout, the change itself, what the shell needs to show the change dialog); every other route refuses it.
 */
export type RouteAccess = { public: true } | { public?: false; permission: PermissionCode; scope: DataScope; beforePasswordChange?: true };

export interface AuthContext {
  sessionId: string;
  userId: string;
  username: string;
  activeRoleId: string | null;
  /** The relation roles held now (sys_role.relation: adviser, mentor, headTeacher): their grants count beside the active role's. */
  relationRoleIds: string[];
  /** The active role reaches only its departments' rows (data_scope 'depart'; server/lib/data-scope.ts). */
  departScoped: boolean;
  /** The account still has its initial password (a teacher or student created by the school). */
  passwordChangeRequired: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    /** Where uploaded files' bytes are kept (the database keeps the rest). */
    files: FileStore;
    /** Sessions and permission decisions held in memory, exact through the database's NOTIFY. */
    authCache: AuthCache;
    /** Answers of reads (lists' pages) held in memory, exact through the database's NOTIFY. */
    readCache: ReadCache;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The roles whose grants count for the session: the active one and the relation roles held. */
export const rolesOf = (auth: Pick<AuthContext, 'activeRoleId' | 'relationRoleIds'>): (string | null)[] => [auth.activeRoleId, ...auth.relationRoleIds];

/** The request's session; routes behind a session-level access always have one. */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('route reached without a session');
  return auth;
}
