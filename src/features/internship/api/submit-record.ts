import { ATTACHMENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, type AttachmentMeta } from '@contract/internship.ts';
import { RECORD_KINDS, recordKinds, type RecordKindCode, type RecordKindDeclaration, type RecordWriteInput } from '@contract/records.ts';
import { request } from '@/lib/api-client.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { blobOf } from '@/offline/kept-file.ts';
import { queueAndSend, registerReplayer } from '@/offline/sync-engine.ts';

/** The outbox kind of a record kind (record:weekly): an entry names it, so a reload can resume it. */
export const outboxKindOf = (declaration: RecordKindDeclaration) => `record:${declaration.kind}`;

/** What the outbox keeps for a record: the request body plus the version that keys the request. */
export interface RecordOutboxPayload extends RecordWriteInput {
  /** Each submission of the same record (e.g. after 已退回) is a new version with its own key. */
  version: number;
}

/** The record kind an outbox entry is of, or undefined when it is not a record. */
export const declarationOfEntry = (entry: Pick<OutboxEntry, 'kind'>): RecordKindDeclaration | undefined =>
  entry.kind.startsWith('record:') ? RECORD_KINDS[entry.kind.slice('record:'.length) as RecordKindCode] : undefined;

const uploadFile = (declaration: RecordKindDeclaration, recordId: string, file: OutboxFile) => {
  const form = new FormData();
  form.append('file', blobOf(file), file.name);
  // Through request(): a captive portal's page must fail the upload, not pass as a stored file.
  return request<AttachmentMeta>({ method: 'post', url: `${declaration.base}/${recordId}/attachments`, data: form, silent: true, headers: { [ATTACHMENT_ID_HEADER]: file.id } });
};

/**
 * Sends a record: its new files first (each idempotent by its own id), then the record with the
 * Idempotency-Key `${id}:${version}`, so a replay after a lost answer creates nothing twice.
 */
const replayRecord = (declaration: RecordKindDeclaration) => async (entry: OutboxEntry, headers: Record<string, string>) => {
  const payload = entry.payload as RecordOutboxPayload;
  for (const file of entry.files) await uploadFile(declaration, entry.id, file);
  const { version, ...body } = payload;
  await request<{ id: string }>({
    method: 'put',
    url: `${declaration.base}/${entry.id}`,
    data: body,
    silent: true,
    // The outbox needs only to know it got there: no record back (RFC 7240), which spares the server its reading.
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `${entry.id}:${version}`, Prefer: 'return=minimal' },
  });
};

/** Every declared kind's replayer, registered once as the app starts. */
export const registerRecordReplayers = () => {
  for (const declaration of recordKinds()) registerReplayer(outboxKindOf(declaration), replayRecord(declaration), declaration.pages.mine);
};

/** Puts the record in the outbox and starts a sync (queueAndSend). */
export function queueRecord(declaration: RecordKindDeclaration, id: string, userId: string, body: RecordWriteInput, files: OutboxFile[]) {
  const payload: RecordOutboxPayload = { ...body, attachmentIds: [...(body.attachmentIds ?? []), ...files.map((f) => f.id)], version: Date.now() };
  return queueAndSend({ id, kind: outboxKindOf(declaration), userId, payload, files });
}
