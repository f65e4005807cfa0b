import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPlacementRecords, RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

export const getMyRecords = (declaration: RecordKindDeclaration) => http.get<MyPlacementRecords[]>(`${declaration.base}/mine`, undefined, { silent: true });

export const myRecordsKey = (declaration: RecordKindDeclaration) => ['internship', declaration.kind, 'mine'] as const;

/** My placements with the kind's periods and records; kept on the device (persisted cache), so the list opens offline. */
export const myRecordsQuery = (declaration: RecordKindDeclaration) =>
  queryOptions({ queryKey: myRecordsKey(declaration), queryFn: () => getMyRecords(declaration), networkMode: 'offlineFirst', meta: { persist: true } });

export const useMyRecords = (declaration: RecordKindDeclaration) => useQuery(myRecordsQuery(declaration));
