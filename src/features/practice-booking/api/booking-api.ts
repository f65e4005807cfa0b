import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_URL, type BookingInput, type BookingRow, type PickKind, type PickOption, type Timetable, type TimetableBy } from '@contract/practice-booking.ts';
import type { PageResult } from '@contract/resource.ts';
import { api, http } from '@/lib/api-client.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';

const PAGE_SIZE = 20;
export const BOOKINGS_KEY = ['practice-booking'] as const;
const TIMETABLE_KEY = ['practice-timetable'] as const;

export const useBookingList = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...BOOKINGS_KEY, 'list'],
      queryFn: ({ pageParam }) => http.get<PageResult<BookingRow>>(BOOKING_URL.list, { page: pageParam, pageSize: PAGE_SIZE }),
      initialPageParam: 1,
      getNextPageParam: (last: PageResult<BookingRow>, pages: PageResult<BookingRow>[]) => (pages.length * PAGE_SIZE < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
    }),
  );

/** The booking form's choices, searched on the server as the person types. */
export const usePick = (kind: PickKind, q: string, enabled = true) =>
  useQuery({ queryKey: [...BOOKINGS_KEY, 'pick', kind, q], queryFn: () => http.get<PickOption[]>(BOOKING_URL.pick, q ? { kind, q } : { kind }), enabled, placeholderData: keepPreviousData, staleTime: 60_000 });

export const useTimetable = (by: TimetableBy | null, id: string | null, week: string, pending = false) =>
  useQuery({
    queryKey: [...TIMETABLE_KEY, by, id, week, pending],
    queryFn: () => http.get<Timetable>(BOOKING_URL.timetable, { by, id, week, ...(pending ? { pending: '1' } : {}) }),
    enabled: Boolean(by && id),
    placeholderData: keepPreviousData,
  });

export const useMyTimetable = (week: string, enabled = true) =>
  useQuery({ queryKey: [...TIMETABLE_KEY, 'mine', week], queryFn: () => http.get<Timetable>(BOOKING_URL.mine, { week }), enabled, placeholderData: keepPreviousData });

/** 提交预约: the refusal (a conflict names every booking in the way) is shown by the form, not as a notification. */
export function useAddBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingInput) => http.post<{ id: string }>(BOOKING_URL.add, input, { silent: true }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: BOOKINGS_KEY }), client.invalidateQueries({ queryKey: TIMETABLE_KEY })]),
  });
}

export async function exportTimetable(by: TimetableBy, id: string, week: string, fileName: string) {
  const response = await api.get<Blob>(BOOKING_URL.timetableExport, { params: { by, id, week }, responseType: 'blob' });
  saveFile(response.data, `${fileName}.xlsx`);
}
