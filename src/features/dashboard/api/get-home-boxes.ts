import { queryOptions, useQuery } from '@tanstack/react-query';
import { mondayOf, schoolToday } from '@contract/internship.ts';
import { BOOKING_URL, type Timetable } from '@contract/practice-booking.ts';
import type { PageResult } from '@contract/resource.ts';
import { WORKFLOW_URL, type ApplicationRow } from '@contract/workflow.ts';
import { http } from '@/lib/api-client.ts';

export const HOME_SHOWN = 5;

// Kept on the device like the student's lists, for an offline start (and a home that opens as it was left, then refreshes). Under the keys of 实训课表 and of the workflow lists (WORKFLOW_LIST_KEY), so a booking or a decision made there refreshes the boxes too.
export const useWeekTimetable = (enabled: boolean) => {
  const week = mondayOf(schoolToday());
  return useQuery(
    queryOptions({ queryKey: ['practice-timetable', 'mine', week], queryFn: () => http.get<Timetable>(BOOKING_URL.mine, { week }, { silent: true }), enabled, staleTime: 60_000, networkMode: 'offlineFirst', meta: { persist: true } }),
  );
};

export const useMyApplications = () =>
  useQuery({ queryKey: ['workflow', 'list', 'mine', 'home'], queryFn: () => http.get<PageResult<ApplicationRow>>(WORKFLOW_URL.mine, { page: 1, pageSize: HOME_SHOWN }, { silent: true }), staleTime: 0, networkMode: 'offlineFirst', meta: { persist: true } });
