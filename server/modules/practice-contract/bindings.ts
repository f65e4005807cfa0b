import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, schoolToday } from '@contract/internship.ts';
import { CONTRACT_MSG, CONTRACT_RESOURCE, CONTRACT_TYPE_DICT, EXPIRY_WARN_DAYS, contractExpiry, daysUntil } from '@contract/practice-contract.ts';
import type { Database } from '../../db/database.ts';
import { internshipAttachment, practiceContract, sysDict, sysDictItem } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ResourceBinding } from '../../lib/resource/binding.ts';
import { releaseContents } from '../internship/attachment-contents.ts';
import { uniqueChecksOf, type DuplicateCheck } from '../basic/bindings.ts';
import { UNIT_REF } from '../internship-unit/bindings.ts';

/** 校企合作协议: the binding of contract/practice-contract.ts, served by the resource routes. */

type Row = Record<string, unknown>;

/** An API row: no bookkeeping of the expiry job; what the end date means today beside it. */
function toRow(row: Row): object {
  const { createdAt, updatedAt, warnedEndDate: _warned, ...fields } = row;
  const today = schoolToday();
  const status = String(fields.status);
  const endDate = String(fields.endDate);
  return {
    ...fields,
    expiry: contractExpiry(status, endDate, today),
    remainingDays: status === 'active' ? daysUntil(endDate, today) : null,
    createTime: (createdAt as Date).toISOString(),
    updateTime: (updatedAt as Date).toISOString(),
  };
}


/** 即将到期: active and ending today … today + EXPIRY_WARN_DAYS; 已到期: active and ended before today. */
export function expiryCondition(value: string, today: string = schoolToday()) {
  const active = eq(practiceContract.status, 'active');
  if (value === 'soon') return and(active, gte(practiceContract.endDate, today), lte(practiceContract.endDate, addDays(today, EXPIRY_WARN_DAYS)));
  if (value === 'expired') return and(active, lt(practiceContract.endDate, today));
  return undefined;
}

/** The type must be an enabled item of contract_type (the form offers only those; a hand-made request may not). */
async function typeRefusal(db: Database, input: Row): Promise<string | null> {
  if (typeof input.type !== 'string') return null;
  const [item] = await db
    .select({ one: sql`1` })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, CONTRACT_TYPE_DICT), eq(sysDictItem.itemValue, input.type), eq(sysDictItem.status, 1)))
    .limit(1);
  return item ? null : CONTRACT_MSG.typeUnknown;
}

/** The binding; deleting contracts deletes their files too (the bytes once no other attachment holds them). */
export const contractBinding = (files: FileStore): ResourceBinding => ({
  resource: CONTRACT_RESOURCE,
  table: practiceContract,
  idColumn: practiceContract.id,
  toRow,
  answers: { expiry: z.enum(['soon', 'expired']).nullable(), remainingDays: z.number().int().nullable() },
  refs: { unitId: UNIT_REF },
  importMatch: 'contractNo',
  check: (db, input) => typeRefusal(db, input),
  computedSearch: { expiry: (value) => expiryCondition(value) },
  // Rows say how many days are left: a page read yesterday is not today's.
  pageVaries: () => schoolToday(),
  write: {
    remove: async (tx, rows) => {
      const ids = rows.map((row) => String(row.id));
      const dropped = await tx.delete(internshipAttachment).where(inArray(internshipAttachment.recordId, ids)).returning({ sha256: internshipAttachment.sha256 });
      await tx.delete(practiceContract).where(inArray(practiceContract.id, ids));
      // In the same transaction: the hashes' locks are held until it commits.
      await releaseContents(tx as unknown as Database, files, dropped.map((d) => d.sha256));
    },
  },
});

/** /sys/duplicate/check for the 协议编号 (CONTRACT_RESOURCE's unique field). */
export const CONTRACT_DUPLICATE_CHECKS: Record<string, DuplicateCheck> = uniqueChecksOf(CONTRACT_RESOURCE, practiceContract, practiceContract.id);
