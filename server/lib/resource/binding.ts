import { type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn, type PgView } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceDescription } from '@contract/resource.ts';
import type { Database } from '../../db/database.ts';
import type { DepartLink } from '../data-scope.ts';
import type { RowIssue } from '../import-rows.ts';

/** What a module declares of a resource's table (ResourceBinding), from which registerResourceRoutes serves it. */

export type Row = Record<string, unknown>;

/** A transaction on the database: write hooks get one and write only through it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The table behind a 'ref' field's target (contract RefTarget): where the referenced rows are and what they are called. */
export interface RefTable {
  table: PgTable;
  id: PgColumn;
  /** The row's label: shown as `<field>_dictText`, written by the export, accepted by the import. */
  label: PgColumn;
  /** Also accepted by the import; the way to name one of several rows with the same label. */
  code?: PgColumn;
  /** What the code is called, for the import's message about a label several rows have (班级编码, 工号). */
  codeLabel?: string;
  /** The rows that can be chosen at all (院系: live departments of type 院系); labels are shown for any row. */
  where?: SQL;
  /** How its rows belong to departments; a caller limited to departments may choose only rows of theirs. Absent: school-wide. */
  scope?: DepartLink;
}

/** Rows of another table that refer to this one: deleting is refused while any do, the message says by what and how many. */
export interface InUseRule {
  table: PgTable;
  column: PgColumn;
  /** The column of the binding's table that the reference holds; the id when absent (a student's records hold its account's id). */
  key?: PgColumn;
  /** subject: 该班级, or 班级“计算机2301” when a batch names its first blocking row. */
  message: (subject: string, count: number) => string;
}

export type RelatedValues = {
  /** What of it each row shows, by API field name. */
  columns: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** Further tables its columns read in subqueries (a student's department): a cached page hears of their changes too. */
  reads?: readonly PgTable[];
  /** Tables its subqueries read that no migration tracks (a user's roles): the list is then read afresh each time, never cached. */
  untracked?: readonly PgTable[];
  /** The answer schema of each column that is SQL rather than a table's column (its wire type: count(*) a number, numeric text). */
  answers?: Readonly<Record<string, z.core.$ZodType>>;
} & (
  | {
      /**
       * The other table, left-joined where its `on` column equals the binding table's `by` column; or a view (a
       * summary per row), whose tables `reads` names.
       */
      table: PgTable | PgView;
      on: PgColumn;
      by: PgColumn;
      summaryOf?: undefined;
    }
  /**
   * Figures over another table's rows that refer to the row (a unit's ratings): each column an aggregate of
   * `summaryOf`'s rows grouped by its `on` column, joined where that equals the binding table's `by` column.
   */
  | { summaryOf: PgTable; on: PgColumn; by: PgColumn; table?: undefined }
  /** No table joined: every column is a subquery of its own (a user's roles). */
  | { table?: undefined; summaryOf?: undefined }
);

export interface WriteContext {
  userId: string | null;
  /** The departments the caller is limited to, or null when their role reaches every row. */
  departIds: string[] | null;
  /** The binding's own limit on the caller's rows (ResourceBinding.rowReach), if any. */
  rows?: SQL;
  /** The rows come from an import file (an imported account starts with the role of its user type). */
  imported?: boolean;
}

/**
 * A binding may take over the writes of its rows (a teacher's account is written with the teacher). Each runs
 * inside the transaction it is given, the import's whole file in one.
 */
export interface WriteHooks {
  /** Inserts the validated inputs (all of an import at once) and resolves to the new rows' ids, in order. */
  insert?: (tx: Tx, inputs: Row[], context: WriteContext) => Promise<string[]>;
  /** Updates the row (current is the table row) with the validated changes. */
  update?: (tx: Tx, current: Row, changes: Row, context: WriteContext) => Promise<void>;
  /** Deletes the table rows (already checked: in scope, not in use); a table that keeps deleted rows marks them. */
  remove?: (tx: Tx, rows: Row[], context: WriteContext) => Promise<void>;
}

/** How a tree resource's rows (ResourceDescription.tree) answer its tree calls. */
export interface TreeBinding {
  /** Siblings' order (a sort number, then a code). */
  order: readonly SQL[];
  /** A node of the whole tree: the table row with its children's nodes. */
  node: (row: Row, children: object[]) => object;
  /** A node of one level (ResourceTree.api.level): the table row, and whether nothing hangs under it. */
  levelNode?: (row: Row, isLeaf: boolean) => object;
  /** One level is read by choosers in forms everywhere: any logged-in user may read it, not only who may read the list. */
  levelForEveryone?: boolean;
}

/** What a declared action (ResourceDescription.actions, by its path) does to the rows its body names. */
export interface ActionHandler {
  /** The rows the body names: values of a field (the id by default); each must be a row in the caller's reach. */
  rows: (body: Row) => { field?: string; values: string[] };
  /** Refuses the body before any row is read (不能冻结当前登录的账号), or null. */
  refuse?: (body: Row, context: WriteContext) => string | null;
  /** Changes the rows, inside the transaction it is given. */
  run: (tx: Tx, rows: Row[], body: Row, context: WriteContext) => Promise<void>;
  /** The answer's message (冻结成功! or 解冻成功!, as the body asked). */
  message: (body: Row) => string;
}

export interface ResourceBinding {
  resource: ResourceDescription;
  table: PgTable;
  idColumn: PgColumn;
  /** The API row from a table row. */
  toRow: (row: Row) => object;
  /**
   * The answer schema of each value toRow (or a tree's node) computes rather than passes on from the table (a
   * contract's 到期状态): the routes' answers are derived from the table and toRow, these values excepted (answers.ts).
   */
  answers?: Readonly<Record<string, z.core.$ZodType>>;
  /** Refuses deleting rows still referenced: resolves to the message, or null. */
  inUse?: (db: Database, ids: string[]) => Promise<string | null>;
  /** Refuses deleting rows still referenced, declared: one count per rule for the whole batch. */
  usedBy?: readonly InUseRule[];
  /** Checks beyond the schema (a parent that exists, ...): resolves to the message, or null. */
  check?: (db: Database, input: Row, id: string | null) => Promise<string | null>;
  /**
   * Checks beyond the schema for many rows at once, in a few set queries: given every candidate (an import's
   * rows, or the one row of a form; selfId when editing), resolves to the check of one row.
   */
  checkRows?: (db: Database, candidates: Row[], selfId: string | null) => Promise<(input: Row) => RowIssue[]>;
  /** The table of each 'ref' field's target, by field name; every ref field of the description needs one. */
  refs?: Readonly<Record<string, RefTable>>;
  /** How the rows belong to departments; absent: school-wide, a caller limited to departments sees them all. */
  scope?: DepartLink;
  /**
   * With a scope column on the table itself: a row that leaves it blank is the whole school's (a school-wide
   * 实习计划). A caller limited to departments reads such rows, and may not change them (403).
   */
  blankScopeShared?: boolean;
  /**
   * The rows a caller reaches besides the department limit (a student their own placements): a condition, or
   * undefined for every row. A row outside it answers 404 like one that does not exist.
   */
  rowReach?: (request: FastifyRequest) => Promise<SQL | undefined>;
  write?: WriteHooks;
  /**
   * The table's rows are counted in sys_row_count (its migration called sys_track_row_count): an
   * unfiltered page takes its total from there rather than counting thousands of rows each time.
   */
  countedRows?: boolean;
  /** Values of another table shown with each row (a person's account), joined by the row's query. */
  related?: RelatedValues;
  /**
   * The field an import matches rows on (学号): a row whose value a row of the table in the caller's reach
   * already holds is that record, left unchanged and counted; so re-importing a file changes nothing.
   * Without it such a row is refused as taken.
   */
  importMatch?: string;
  /**
   * Search fields without a column of their own (到期提醒, a placement's 班级): the condition of each value they
   * may take, made when the list is asked for (it may read today's date). A value without one matches nothing.
   * A ref field among them is not joined: its value and label (`<field>_dictText`) come with the related values.
   */
  computedSearch?: Readonly<Record<string, (value: string) => SQL | undefined>>;
  /**
   * What a page depends on besides the query and its tables (today's date, when toRow or a computed search
   * reads it): part of the read cache's key, so a page is not served past the day it was read for.
   */
  pageVaries?: () => string;
  /** After an import's rows are stored (its transaction committed): what follows from them (实习预警 checks their programs). */
  afterImport?: (db: Database, ids: string[]) => Promise<void>;
  /**
   * Rows written by a person (a rating by its rater): the column is set to the caller on every insert, never from
   * the input, and only they change or delete the row (others are refused with `message`). `oncePer`: the columns
   * whose values a person's rows may hold only once (one rating per unit and season).
   */
  owner?: { column: PgColumn; message: string; oncePer?: { columns: readonly PgColumn[]; message: string } };
  /** The rows that exist (not marked deleted): every route reads, changes and deletes only these. */
  live?: SQL;
  /** A validated input as it is checked and stored: fields its kind of row does not use cleared, defaults filled in. */
  prepare?: (input: Row) => Row;
  /** The tree calls of a tree resource. */
  tree?: TreeBinding;
  /** What the declared actions do, by their path. */
  actions?: Readonly<Record<string, ActionHandler>>;
  /**
   * PUT edit shares its path with another caller (a person's own profile save): the module registers the path
   * and hands the other bodies to `edit` of what registerResourceRoutes returns.
   */
  editShared?: boolean;
}
