import { queryOptions } from '@tanstack/react-query';
import type { DailyRow, RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

/** The day's list of a once-a-day kind (今日签到): the adviser's running placements, checked in first. */
export const getDailyList = (declaration: RecordKindDeclaration, date: string) => http.get<DailyRow[]>(`${declaration.base}/daily`, { date });

export const dailyListQuery = (declaration: RecordKindDeclaration, date: string) =>
  queryOptions({ queryKey: ['internship', declaration.kind, 'daily', date], queryFn: () => getDailyList(declaration, date), staleTime: 30_000 });
