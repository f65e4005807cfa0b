import { eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { pageQuerySchema, type ResourceDescription } from '@contract/resource.ts';
import type { Row } from './binding.ts';
import { columnOf } from './columns.ts';

/** A resource list's search: its query's shape and the conditions of its search fields. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

export const searchFields = (resource: ResourceDescription) => resource.fields.filter((f) => f.search);

/** The search a list takes: its search fields, and the computed searches no field shows (a user's 部门, for API callers). */
const searchNames = (resource: ResourceDescription, computed: Readonly<Record<string, unknown>>) => [...new Set([...searchFields(resource).map((f) => f.name), ...Object.keys(computed)])];

export function listQuerySchema(resource: ResourceDescription, computed: Readonly<Record<string, unknown>>) {
  return z.extend(pageQuerySchema, {
    ...Object.fromEntries(searchNames(resource, computed).map((name) => [name, z.optional(z.string().check(z.maxLength(100)))])),
    // JeecgBoot's column choice (its list screens send id and their columns' names): see chosenColumns.
    field: z.optional(z.string().check(z.maxLength(2000, '所选列过多'))),
  });
}

/**
 * JeecgBoot's stars in a text search value (its QueryGenerator): `*abc*` contains, `abc*` starts with, `*abc`
 * ends with; the LIKE pattern of such a value, or null for a value without stars (the field's own way).
 */
function starPattern(value: string): string | null {
  const [leading, trailing] = [value.startsWith('*'), value.length > 1 && value.endsWith('*')];
  if (!leading && !trailing) return null;
  const text = escapeLike(value.slice(leading ? 1 : 0, trailing ? -1 : undefined));
  return `${leading ? '%' : ''}${text}${trailing ? '%' : ''}`;
}

/** Kinds whose column holds text a star search may match part of (codes of dictionaries and choices too, as JeecgBoot's LIKE would). */
const STARRED_KINDS = new Set(['text', 'textarea', 'dict', 'select']);

export function searchConditions(table: PgTable, resource: ResourceDescription, query: Row, computed: Readonly<Record<string, (value: string) => SQL | undefined>>): SQL[] {
  return searchNames(resource, computed).flatMap((name) => {
    const value = typeof query[name] === 'string' ? (query[name] as string).trim() : '';
    if (!value) return [];
    const condition = computed[name];
    if (condition) return [condition(value) ?? sql`false`];
    const field = resource.fields.find((f) => f.name === name)!;
    const column = columnOf(table, field.name);
    const starred = STARRED_KINDS.has(field.kind) && column.dataType === 'string' ? starPattern(value) : null;
    // Stars alone (*, **) ask for nothing.
    if (starred !== null) return /^%+$/.test(starred) ? [] : [likeOrIlike(value)(column, starred)];
    if (field.kind === 'dict' || field.kind === 'select' || field.kind === 'ref') return [eq(column, value)];
    // A number matches exactly; text that is no number matches nothing.
    if (field.kind === 'number') return [/^-?\d+(\.\d+)?$/.test(value) ? eq(column, Number(value)) : sql`false`];
    return [likeOrIlike(value)(column, field.search === 'prefix' ? `${escapeLike(value)}%` : likePattern(value))];
  });
}

/** Case matters only for letters that have it; without them (汉字, digits) LIKE does the same work several times faster than ILIKE. */
const likeOrIlike = (value: string) => (value.toLowerCase() === value.toUpperCase() ? like : ilike);

/**
 * The columns field= chooses (JeecgBoot's column choice, comma separated), or null for the whole row. A name
 * chooses that key of the row and, for a ref or dictionary field, its `<field>_dictText` label with it; the id is
 * always kept. Names the row does not have and empty parts are ignored, not refused: JeecgBoot's list screens
 * send their 操作 column ('action') and doubled commas among the names.
 */
export function chosenColumns(field: string | undefined, keys: ReadonlySet<string>, idField: string): Set<string> | null {
  const names = (field ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return null;
  const chosen = new Set([idField]);
  for (const name of names) {
    if (keys.has(name)) chosen.add(name);
    if (keys.has(`${name}_dictText`)) chosen.add(`${name}_dictText`);
  }
  return chosen;
}
