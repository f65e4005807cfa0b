import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDashboard } from '@contract/dashboard.ts';
import { http } from '@/lib/api-client.ts';

/** The caller's own placements as student, adviser and mentor; kept on the device, so a student's figures open offline. */
export const myDashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'mine'],
    queryFn: () => http.get<MyDashboard>('/dashboard/mine', undefined, { silent: true }),
    networkMode: 'offlineFirst',
    meta: { persist: true },
  });

export const useMyDashboard = () => useQuery(myDashboardQuery());
