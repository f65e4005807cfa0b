/**
 * Which statements the database layers keep prepared under a name (pg-statements.ts for PostgreSQL,
 * pglite-statements.ts for PGlite): the usual reads and writes, not the large ones (bulk inserts, long
 * IN lists), which are seldom sent twice as the same text.
 */
const TEXT_LIMIT = 8_000;
const PARAM_LIMIT = 200;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export const isPreparable = (text: string, paramCount: number) => text.length <= TEXT_LIMIT && paramCount <= PARAM_LIMIT && PREPARABLE.test(text);
