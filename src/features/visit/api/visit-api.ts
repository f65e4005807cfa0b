import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { ATTACHMENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, type AttachmentMeta } from '@contract/internship.ts';
import type { PageResult } from '@contract/resource.ts';
import { VISIT_PATH, VISIT_URL, type VisitDetail, type VisitRow, type VisitStudent, type VisitWriteInput } from '@contract/visits.ts';
import { http, request } from '@/lib/api-client.ts';
import type { OutboxEntry, OutboxFile } from '@/offline/db.ts';
import { blobOf } from '@/offline/kept-file.ts';
import { queueAndSend, registerReplayer } from '@/offline/sync-engine.ts';

/** The outbox kind of a visit: an entry names it, so a reload can resume it. */
export const VISIT_OUTBOX_KIND = 'visit';
const PAGE_SIZE = 20;

export const VISITS_KEY = ['visit'] as const;

export const visitListQuery = () =>
  infiniteQueryOptions({
    queryKey: [...VISITS_KEY, 'list'],
    queryFn: ({ pageParam }) => http.get<PageResult<VisitRow>>(VISIT_URL.list, { page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: PageResult<VisitRow>, pages: PageResult<VisitRow>[]) => (pages.length * PAGE_SIZE < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
  });

// Kept on the device: the adviser chooses students at the company, often without a network.
export const useVisitStudents = () =>
  useQuery(queryOptions({ queryKey: [...VISITS_KEY, 'students'], queryFn: () => http.get<VisitStudent[]>(VISIT_URL.students), networkMode: 'offlineFirst', meta: { persist: true }, staleTime: 300_000 }));

export const useVisitDetail = (id: string | null) => useQuery({ queryKey: [...VISITS_KEY, 'detail', id], queryFn: () => http.get<VisitDetail>(VISIT_URL.one(id!)), enabled: Boolean(id) });

/** What the outbox keeps for a visit: the request body plus the version that keys the request. */
export interface VisitOutboxPayload extends VisitWriteInput {
  version: number;
}

/** Sends a visit: its photos first (each idempotent by its own id), then the visit keyed by `${id}:${version}`. */
async function replayVisit(entry: OutboxEntry, headers: Record<string, string>) {
  const { version, ...body } = entry.payload as VisitOutboxPayload;
  for (const file of entry.files) {
    const form = new FormData();
    form.append('file', blobOf(file), file.name);
    await request<AttachmentMeta>({ method: 'post', url: VISIT_URL.attachments(entry.id), data: form, silent: true, headers: { [ATTACHMENT_ID_HEADER]: file.id } });
  }
  await request({ method: 'put', url: VISIT_URL.one(entry.id), data: body, silent: true, headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `${entry.id}:${version}` } });
}

export const registerVisitReplayer = () => registerReplayer(VISIT_OUTBOX_KIND, replayVisit, { path: VISIT_PATH, title: '走访记录' });

/** Puts the visit in the outbox (the device keeps it whatever the network does) and starts a sync. */
export function queueVisit(id: string, userId: string, body: VisitWriteInput, files: OutboxFile[]) {
  const payload: VisitOutboxPayload = { ...body, attachmentIds: [...(body.attachmentIds ?? []), ...files.map((f) => f.id)], version: Date.now() };
  return queueAndSend({ id, kind: VISIT_OUTBOX_KIND, userId, payload, files });
}
