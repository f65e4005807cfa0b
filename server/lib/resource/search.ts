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
  return z.extend(pageQuerySchema, Object.fromEntries(searchNames(resource, computed).map((name) => [name, z.optional(z.string().check(z.maxLength(100)))])));
}

export function searchConditions(table: PgTable, resource: ResourceDescription, query: Row, computed: Readonly<Record<string, (value: string) => SQL | undefined>>): SQL[] {
  return searchNames(resource, computed).flatMap((name) => {
    const value = typeof query[name] === 'string' ? (query[name] as string).trim() : '';
    if (!value) return [];
    const condition = computed[name];
    if (condition) return [condition(value) ?? sql`false`];
    const field = resource.fields.find((f) => f.name === name)!;
    const column = columnOf(table, field.name);
    if (field.kind === 'dict' || field.kind === 'select' || field.kind === 'ref') return [eq(column, value)];
    // A number matches exactly; text that is no number matches nothing.
    if (field.kind === 'number') return [/^-?\d+(\.\d+)?$/.test(value) ? eq(column, Number(value)) : sql`false`];
    // Case matters only for letters that have it; without them (汉字, digits) LIKE does the same work several times faster than ILIKE.
    const match = value.toLowerCase() === value.toUpperCase() ? like : ilike;
    return [match(column, field.search === 'prefix' ? `${escapeLike(value)}%` : likePattern(value))];
  });
}
