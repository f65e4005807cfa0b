import { queryOptions } from '@tanstack/react-query';
import type { RecordDetail, RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

/** One record with its content, attachments and review, for its student and its readers. */
export const getRecordDetail = (declaration: RecordKindDeclaration, id: string) => http.get<RecordDetail>(`${declaration.base}/${id}`);

export const recordDetailKey = (declaration: RecordKindDeclaration, id: string) => ['internship', declaration.kind, 'detail', id] as const;

export const recordDetailQuery = (declaration: RecordKindDeclaration, id: string) =>
  queryOptions({ queryKey: recordDetailKey(declaration, id), queryFn: () => getRecordDetail(declaration, id) });
