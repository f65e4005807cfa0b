import { ATTACHMENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, type AttachmentMeta, type WeeklySummary, type WeeklyWriteInput } from '@contract/internship.ts';
import { request } from '@/lib/api-client.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { outbox } from '@/offline/outbox.ts';
import { registerReplayer, syncNow } from '@/offline/sync-engine.ts';

/** The outbox kind of a weekly summary. */
export const WEEKLY_KIND = 'weekly-summary';

/** What the outbox keeps for a summary: the request body plus the version that keys the request. */
export interface WeeklyOutboxPayload extends WeeklyWriteInput {
  /** Each submission of the same summary (e.g. after 已退回) is a new version with its own key. */
  version: number;
}

const uploadFile = (summaryId: string, file: OutboxFile) => {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  // Through request(): a captive portal's page must fail the upload, not pass as a stored file.
  return request<AttachmentMeta>({ method: 'post', url: `/internship/weekly/${summaryId}/attachments`, data: form, silent: true, headers: { [ATTACHMENT_ID_HEADER]: file.id } });
};

/**
 * Sends a summary: its new files first (each idempotent by its own id), then the summary with the
 * Idempotency-Key `${id}:${version}`, so a replay after a lost answer creates nothing twice.
 */
async function replayWeekly(entry: OutboxEntry, headers: Record<string, string>) {
  const payload = entry.payload as WeeklyOutboxPayload;
  for (const file of entry.files) await uploadFile(entry.id, file);
  const { version, ...body } = payload;
  await request<WeeklySummary>({
    method: 'put',
    url: `/internship/weekly/${entry.id}`,
    data: body,
    silent: true,
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `${entry.id}:${version}` },
  });
}

export const registerWeeklyReplayer = () => registerReplayer(WEEKLY_KIND, replayWeekly);

/** Puts the summary in the outbox (the device keeps it whatever the network does) and starts a sync. */
export async function queueWeekly(id: string, userId: string, body: WeeklyWriteInput, files: OutboxFile[]): Promise<boolean> {
  const payload: WeeklyOutboxPayload = { ...body, attachmentIds: [...(body.attachmentIds ?? []), ...files.map((f) => f.id)], version: Date.now() };
  const stored = await outbox.put({ id, kind: WEEKLY_KIND, userId, payload, files });
  if (stored) void syncNow();
  return stored;
}
