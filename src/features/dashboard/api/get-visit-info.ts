import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitDay } from '@contract/log.ts';
import { http } from '@/lib/api-client.ts';

/** Visits and distinct addresses of each of the last 7 days, oldest first. */
export const getVisitInfo = () => http.get<VisitDay[]>('/sys/visitInfo');

export const visitInfoQuery = () => queryOptions({ queryKey: ['log', 'visitInfo'], queryFn: getVisitInfo });

/** Only for holders of dashboard:visit:stats (the pages ask only then): the server refuses everyone else. */
export const useVisitInfo = (refetchInterval?: number) => useQuery({ ...visitInfoQuery(), refetchInterval });
