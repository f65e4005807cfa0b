import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEnrolment } from '@contract/internship.ts';
import { http } from '@/lib/api-client.ts';

export const getMyWeeks = () => http.get<MyEnrolment[]>('/internship/weekly/mine', undefined, { silent: true });

/** My enrolments and their weeks; kept on the device (persisted cache), so the list opens offline. */
export const myWeeksQuery = () =>
  queryOptions({ queryKey: ['internship', 'weekly', 'mine'], queryFn: getMyWeeks, networkMode: 'offlineFirst', meta: { persist: true } });

export const useMyWeeks = () => useQuery(myWeeksQuery());
