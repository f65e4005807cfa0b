import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginInfo } from '@contract/log.ts';
import { http } from '@/lib/api-client.ts';

/** Successful logins today and in total, and today's distinct addresses. */
export const getLoginInfo = () => http.get<LoginInfo>('/sys/loginfo');

export const loginInfoQuery = () => queryOptions({ queryKey: ['log', 'loginfo'], queryFn: getLoginInfo });

/** Only for holders of dashboard:visit:stats (the pages ask only then): the server refuses everyone else. */
export const useLoginInfo = (refetchInterval?: number) => useQuery({ ...loginInfoQuery(), refetchInterval });
