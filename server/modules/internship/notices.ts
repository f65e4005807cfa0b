import { eq } from 'drizzle-orm';
import { noticesOf, recordPageFor, recordSubject, slotLabel, type RecordEvent, type RecordEventFacts, type RecordKindDeclaration } from '@contract/records.ts';
import { internshipEnrolment, internshipRecord, sysUser } from '../../db/schema.ts';
import { notify } from '../announcement/notify.ts';
import type { Tx } from '../workflow/engine.ts';
import { peopleOf } from '../relation/model.ts';
import { slotOfRecord, valuesOfRow } from './queries.ts';

/** What the actor adds to a record's event: who they are, and the score, comment or correction. */
export interface RecordEventInput {
  actorName?: string | null;
  score?: number | null;
  comment?: string | null;
  previousScore?: number | null;
  reason?: string | null;
}

/**
 * Tells of one event of a record as its kind declares (contract/records.ts noticesOf): the people holding
 * the declared relations to its placement, each message opening the record on their own page. Merged with
 * what arrived for the same person just before (a batch review, an outbox's replay).
 */
export async function tellOfRecord(tx: Tx, declaration: RecordKindDeclaration, event: RecordEvent, recordId: string, input: RecordEventInput = {}): Promise<void> {
  const notice = noticesOf(declaration)[event];
  if (!notice) return;
  const [row] = await tx
    .select({ record: internshipRecord, enrolment: internshipEnrolment, studentName: sysUser.realname })
    .from(internshipRecord)
    .innerJoin(internshipEnrolment, eq(internshipEnrolment.id, internshipRecord.enrolmentId))
    .innerJoin(sysUser, eq(sysUser.id, internshipEnrolment.studentUserId))
    .where(eq(internshipRecord.id, recordId))
    .limit(1);
  if (!row) return;
  const slot = slotOfRecord(declaration, row.record, row.enrolment);
  const facts: RecordEventFacts = {
    studentName: row.studentName,
    subject: recordSubject(declaration, slot, valuesOfRow(declaration, row.record)),
    periodLabel: slotLabel(declaration, slot),
    title: row.record.title,
    actorName: input.actorName ?? null,
    score: input.score ?? null,
    comment: input.comment ?? null,
    previousScore: input.previousScore ?? null,
    reason: input.reason ?? null,
  };
  const text = notice.text(facts);
  const { digest } = notice;
  for (const relation of notice.to) {
    await notify(tx, {
      recipients: await peopleOf(tx, row.enrolment.id, [relation]),
      title: notice.title(facts),
      text,
      sender: relation === 'self' ? input.actorName ?? null : row.studentName,
      link: { page: recordPageFor(declaration, relation), id: recordId },
      digest: digest && {
        key: `record:${declaration.kind}:${event}`,
        item: { facts, text },
        merge: (items: { facts: RecordEventFacts; text: string }[]) => ({ title: digest(items.map((i) => i.facts)), text: items.map((i) => i.text).join('\n') }),
      },
    });
  }
}
