import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SimilarityFlag } from '@contract/similarity.ts';
import type { Database } from '../../db/database.ts';
import { internshipEnrolment, internshipProgram, internshipRecord, internshipRecordFingerprint, internshipSimilarityFlag, sysUser } from '../../db/schema.ts';
import { insertRows } from '../../lib/bulk-insert.ts';
import { FLAG_AT, bandsOf, compared, estimatedJaccard, ignoredShingles, prepared, shareOf, shingleKeys, signatureOf, type PreparedText, type Similarity } from './similarity.ts';

/** The candidates compared exactly, best estimate first: an LSH band may bring a few unrelated ones. */
const COMPARED = 8;
/** The flags a record keeps: the closest earlier records. */
const KEPT = 3;

export interface ComparedRecord {
  id: string;
  kind: string;
  programId: string;
  content: string;
  /** The program's 实习要求, whose wording does not count. */
  requirements: string | null;
}

/** A record's fingerprint as stored: the signature's numbers as signed 32-bit ints (a Postgres integer[]). */
export function fingerprintOf(content: string, ignored: ReadonlySet<number>) {
  const text = prepared(content, ignored);
  const signature = signatureOf(text.shingles.keys());
  return { text, signature: Array.from(new Int32Array(signature.buffer)), bands: bandsOf(signature) };
}

type Match = { matchRecordId: string } & Similarity;

/** The candidates worth comparing exactly: the closest estimates. */
function closestOf<T extends { signature: ArrayLike<number> }>(signature: ArrayLike<number>, candidates: readonly T[]): T[] {
  return candidates
    .map((candidate) => ({ candidate, estimate: estimatedJaccard(signature, candidate.signature) }))
    .sort((a, b) => b.estimate - a.estimate)
    .slice(0, COMPARED)
    .map(({ candidate }) => candidate);
}

/** The flags of a record among the closest candidates: those of which it repeats FLAG_AT or more, the most first. */
function matchesAmong(text: PreparedText, closest: readonly { id: string; text: () => PreparedText }[]): Match[] {
  return closest
    .map((candidate) => ({ matchRecordId: candidate.id, ...compared(text, candidate.text()) }))
    .filter((match) => match.share >= FLAG_AT)
    .sort((a, b) => b.share - a.share)
    .slice(0, KEPT);
}

const flagRow = (recordId: string, match: Match) => ({ recordId, matchRecordId: match.matchRecordId, percent: Math.round(match.share * 100), ranges: match.ranges, matchRanges: match.matchRanges });

/**
 * Compares a record just submitted with the earlier records of its kind in its program and keeps the flags of
 * those it much repeats (FLAG_AT). A flag a reviewer dismissed stays dismissed; the others are found anew, since
 * the text may have changed since its last submission. Never throws at the student: flags are advice.
 */
export async function compareSubmitted(db: Database, record: ComparedRecord, now = new Date()): Promise<void> {
  const ignored = ignoredShingles(record.requirements);
  const { text, signature, bands } = fingerprintOf(record.content, ignored);
  const [stored] = await db
    .insert(internshipRecordFingerprint)
    .values({ recordId: record.id, kind: record.kind, programId: record.programId, signature, bands, firstSubmittedAt: now })
    .onConflictDoUpdate({ target: internshipRecordFingerprint.recordId, set: { signature, bands } })
    .returning({ firstSubmittedAt: internshipRecordFingerprint.firstSubmittedAt });
  // Their signatures first (a few hundred rows of numbers), the text only of those worth comparing.
  const candidates = await db
    .select({ id: internshipRecordFingerprint.recordId, signature: internshipRecordFingerprint.signature })
    .from(internshipRecordFingerprint)
    .where(
      and(
        arrayOverlaps(internshipRecordFingerprint.bands, bands),
        eq(internshipRecordFingerprint.programId, record.programId),
        eq(internshipRecordFingerprint.kind, record.kind),
        ne(internshipRecordFingerprint.recordId, record.id),
        lt(internshipRecordFingerprint.firstSubmittedAt, stored!.firstSubmittedAt),
      ),
    );
  const closest = closestOf(signature, candidates);
  const contents = closest.length === 0 ? [] : await db.select({ id: internshipRecord.id, content: internshipRecord.content }).from(internshipRecord).where(inArray(internshipRecord.id, closest.map((c) => c.id)));
  const contentOf = new Map(contents.map((row) => [row.id, row.content]));
  const found = matchesAmong(text, closest.map((c) => ({ id: c.id, text: () => prepared(contentOf.get(c.id) ?? '', ignored) })));
  await db.transaction(async (tx) => {
    await tx.delete(internshipSimilarityFlag).where(and(eq(internshipSimilarityFlag.recordId, record.id), isNull(internshipSimilarityFlag.dismissedAt)));
    if (found.length > 0) await tx.insert(internshipSimilarityFlag).values(found.map((match) => flagRow(record.id, match))).onConflictDoNothing();
  });
}

/**
 * Every compared record's fingerprint and flags made anew (after the measure or a program's 实习要求 changed):
 * each program's records of a kind in the order first submitted, each compared with those before it through
 * LSH buckets held in memory rather than a query a record. Dismissed flags stay.
 */
export async function rebuildSimilarity(db: Database, kinds: readonly string[]): Promise<{ records: number; flags: number }> {
  // A record never compared before counts from its submission.
  const firstSubmitted = sql<Date>`coalesce(${internshipRecordFingerprint.firstSubmittedAt}, ${internshipRecord.submittedAt}, ${internshipRecord.createdAt})`.mapWith((value: string | Date) => new Date(value));
  const rows = await db
    .select({
      id: internshipRecord.id,
      kind: internshipRecord.kind,
      content: internshipRecord.content,
      programId: internshipEnrolment.programId,
      requirements: internshipProgram.requirements,
      firstSubmittedAt: firstSubmitted,
    })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(internshipProgram, eq(internshipProgram.id, internshipEnrolment.programId))
    .leftJoin(internshipRecordFingerprint, eq(internshipRecordFingerprint.recordId, internshipRecord.id))
    .where(and(inArray(internshipRecord.kind, [...kinds]), ne(internshipRecord.status, 'draft')))
    .orderBy(asc(internshipEnrolment.programId), asc(internshipRecord.kind), asc(firstSubmitted), asc(internshipRecord.id));
  const fingerprints: (typeof internshipRecordFingerprint.$inferInsert)[] = [];
  const flags: ReturnType<typeof flagRow>[] = [];
  let buckets = new Map<number, number[]>();
  // Of each earlier record, what finding and measuring needs (its sorted shingles, not its prepared text: 40,000 of those
  // would take a gigabyte); the text is prepared again only for a pair found over FLAG_AT, for its passages.
  const seen: { id: string; signature: number[]; keys: Uint32Array; content: string }[] = [];
  let ignored: ReadonlySet<number> = new Set();
  rows.forEach((row, i) => {
    if (i === 0 || row.programId !== rows[i - 1]!.programId || row.kind !== rows[i - 1]!.kind) {
      buckets = new Map();
      seen.length = 0;
      ignored = ignoredShingles(row.requirements);
    }
    const fingerprint = fingerprintOf(row.content, ignored);
    const keys = shingleKeys(fingerprint.text);
    const candidates = new Set<number>();
    for (const band of fingerprint.bands) for (const earlier of buckets.get(band) ?? []) candidates.add(earlier);
    const over = closestOf(fingerprint.signature, [...candidates].map((index) => seen[index]!)).filter((candidate) => shareOf(keys, candidate.keys) >= FLAG_AT);
    for (const match of matchesAmong(fingerprint.text, over.map((candidate) => ({ id: candidate.id, text: () => prepared(candidate.content, ignored) })))) flags.push(flagRow(row.id, match));
    for (const band of fingerprint.bands) {
      const bucket = buckets.get(band);
      if (bucket) bucket.push(seen.length);
      else buckets.set(band, [seen.length]);
    }
    seen.push({ id: row.id, signature: fingerprint.signature, keys, content: row.content });
    fingerprints.push({ recordId: row.id, kind: row.kind, programId: row.programId, signature: fingerprint.signature, bands: fingerprint.bands, firstSubmittedAt: row.firstSubmittedAt });
  });
  await db.transaction(async (tx) => {
    await tx.delete(internshipRecordFingerprint).where(inArray(internshipRecordFingerprint.kind, [...kinds]));
    await insertRows(tx, internshipRecordFingerprint, fingerprints);
    await tx.delete(internshipSimilarityFlag).where(isNull(internshipSimilarityFlag.dismissedAt));
    for (let start = 0; start < flags.length; start += 1000) await tx.insert(internshipSimilarityFlag).values(flags.slice(start, start + 1000)).onConflictDoNothing();
  });
  return { records: fingerprints.length, flags: flags.length };
}

const matchRecord = alias(internshipRecord, 'match_record');
const matchEnrolment = alias(internshipEnrolment, 'match_enrolment');
const matchStudent = alias(sysUser, 'match_student');
const dismisser = alias(sysUser, 'dismisser');

/** A record's flags, the closest first, each with the other record's shared passages and whose it is. */
export async function similarityFlagsOf(db: Database, recordId: string, studentUserId: string): Promise<SimilarityFlag[]> {
  const rows = await db
    .select({ flag: internshipSimilarityFlag, match: matchRecord, matchStudentId: matchEnrolment.studentUserId, studentName: matchStudent.realname, dismissedByName: dismisser.realname })
    .from(internshipSimilarityFlag)
    .innerJoin(matchRecord, eq(matchRecord.id, internshipSimilarityFlag.matchRecordId))
    .innerJoin(matchEnrolment, eq(matchEnrolment.id, matchRecord.enrolmentId))
    .innerJoin(matchStudent, eq(matchStudent.id, matchEnrolment.studentUserId))
    .leftJoin(dismisser, eq(dismisser.id, internshipSimilarityFlag.dismissedBy))
    .where(eq(internshipSimilarityFlag.recordId, recordId))
    .orderBy(desc(internshipSimilarityFlag.percent));
  return rows.map(({ flag, match, matchStudentId, studentName, dismissedByName }) => ({
    id: flag.id,
    percent: flag.percent,
    ranges: flag.ranges,
    match: {
      recordId: match.id,
      title: match.title,
      studentName,
      own: matchStudentId === studentUserId,
      submittedAt: match.submittedAt?.toISOString() ?? null,
      passages: flag.matchRanges.map(([start, end]) => match.content.slice(start, end)),
    },
    dismissed: flag.dismissedAt ? { at: flag.dismissedAt.toISOString(), by: dismissedByName ?? '', reason: flag.dismissReason ?? '' } : null,
  }));
}

/** Dismisses a record's flag with the reviewer's reason; false when the record has no such flag. */
export async function dismissSimilarityFlag(db: Database, recordId: string, flagId: string, reviewerId: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(internshipSimilarityFlag)
    .set({ dismissedAt: new Date(), dismissedBy: reviewerId, dismissReason: reason })
    .where(and(eq(internshipSimilarityFlag.id, flagId), eq(internshipSimilarityFlag.recordId, recordId)))
    .returning({ id: internshipSimilarityFlag.id });
  return updated.length > 0;
}

/** The flagged share of each record of a list, for its 雷同 mark (undismissed flags only). */
export async function flaggedPercents(db: Database, recordIds: string[]): Promise<Map<string, number>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .select({ recordId: internshipSimilarityFlag.recordId, percent: internshipSimilarityFlag.percent })
    .from(internshipSimilarityFlag)
    .where(and(inArray(internshipSimilarityFlag.recordId, recordIds), isNull(internshipSimilarityFlag.dismissedAt)));
  const percents = new Map<string, number>();
  for (const row of rows) percents.set(row.recordId, Math.max(row.percent, percents.get(row.recordId) ?? 0));
  return percents;
}
