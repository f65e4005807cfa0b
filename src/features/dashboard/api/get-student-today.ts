import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { INTERACTION_URL } from '@contract/interactions.ts';
import { RECORD_KINDS, type MyPlacementRecords, type RecordKindCode } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

/** The kinds the student's 工作台 shows. */
export const TODAY_KINDS = ['checkin', 'weekly', 'monthly', 'leave'] as const satisfies readonly RecordKindCode[];

// The same call and key as each kind's page: one cached copy, kept on the device for an offline start.
const mineQuery = (kind: RecordKindCode) =>
  queryOptions({
    queryKey: ['internship', kind, 'mine'],
    queryFn: () => http.get<MyPlacementRecords[]>(`${RECORD_KINDS[kind].base}/mine`, undefined, { silent: true }),
    networkMode: 'offlineFirst',
    meta: { persist: true },
  });

/** Each kind's list as far as it has loaded (each on its own, so a slow one holds up no other). */
export function useStudentLists(enabled: boolean) {
  const results = useQueries({ queries: TODAY_KINDS.map((kind) => ({ ...mineQuery(kind), enabled })) });
  const lists: Partial<Record<RecordKindCode, MyPlacementRecords[]>> = {};
  TODAY_KINDS.forEach((kind, i) => {
    if (results[i]!.data) lists[kind] = results[i]!.data;
  });
  return { lists, loading: results.every((r) => r.isPending), failed: results.every((r) => r.isError && !r.data) };
}

/**
 * How many 互动 messages from others I have not read (the home's 互动 tile). Kept on the device like
 * the lists: the tile is there from the start, as in the kept first paint, instead of appearing once
 * the count comes and pushing the boxes below it down.
 */
export const useUnreadInteractions = (enabled: boolean) =>
  useQuery({
    queryKey: ['interaction', 'unread'],
    queryFn: () => http.get<{ count: number }>(INTERACTION_URL.unread, undefined, { silent: true }),
    enabled,
    select: (r) => r.count,
    meta: { persist: true },
  });
