import type { DeviceTime } from '@contract/device-time.ts';
import type { RecordKindDeclaration, RecordStatus, RecordValues } from '@contract/records.ts';

/** Where a submitted record stands, by its kind's lifecycle: with the reviewer, with the approvers, or simply kept. */
const SUBMITTED_STATUS: Record<RecordKindDeclaration['lifecycle']['type'], RecordStatus> = { review: 'submitted', approval: 'pending', log: 'recorded' };
/** A draft saved over one of these stays so, its comment still in view, until it is submitted again. */
const KEPT_ON_DRAFT = new Set(['returned', 'withdrawn']);

/** The status a save leaves the record in. */
export function nextStatusOf(declaration: RecordKindDeclaration, submit: boolean, currentStatus?: string): RecordStatus {
  if (submit) return SUBMITTED_STATUS[declaration.lifecycle.type];
  return currentStatus && KEPT_ON_DRAFT.has(currentStatus) ? (currentStatus as RecordStatus) : 'draft';
}

/**
 * The period a save files the record under: a once-per-placement record belongs to the placement (its
 * start, or where it was first filed), a free one to its own date, any other to the period it names.
 */
export function periodStartOf(declaration: RecordKindDeclaration, values: RecordValues, named: { periodStart?: string; storedStart?: string; placementStart: string }): string {
  if (declaration.period === 'once') return named.storedStart ?? named.placementStart;
  if (declaration.period === 'free') return declaration.periodOf!(values);
  return named.periodStart!;
}

/** The submission times a save writes: the device's time of 提交 when submitting, none left on a draft, else as they were. */
export function submitTimesOf(submitted: DeviceTime | null, nextStatus: RecordStatus) {
  if (submitted) return { submittedAt: submitted.actedAt, receivedAt: submitted.receivedAt, submitTimeFlag: submitted.flag };
  return nextStatus === 'draft' ? { submittedAt: null, receivedAt: null, submitTimeFlag: null } : {};
}
