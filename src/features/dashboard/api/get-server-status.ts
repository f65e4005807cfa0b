import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStatus } from '@contract/monitor.ts';
import { http } from '@/lib/api-client.ts';

/** The running server's figures (administrators only). */
export const getServerStatus = () => http.get<ServerStatus>('/sys/monitor/server');

export const serverStatusQuery = () => queryOptions({ queryKey: ['monitor', 'server'], queryFn: getServerStatus });

export const useServerStatus = (enabled: boolean, refetchInterval?: number) => useQuery({ ...serverStatusQuery(), enabled, refetchInterval });
