import { queryOptions } from '@tanstack/react-query';
import type { WeeklySummary } from '@contract/internship.ts';
import { http } from '@/lib/api-client.ts';

/** One summary with its content, attachments and review, for its student and its readers. */
export const getWeeklyDetail = (id: string) => http.get<WeeklySummary>(`/internship/weekly/${id}`);

export const weeklyDetailKey = (id: string) => ['internship', 'weekly', 'detail', id] as const;

export const weeklyDetailQuery = (id: string) => queryOptions({ queryKey: weeklyDetailKey(id), queryFn: () => getWeeklyDetail(id) });
