import { useState } from 'react';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { LOCATION_STATES, RECORD_KINDS, recordToday, schoolTime, type DailyRow } from '@contract/records.ts';
import { useDailyList } from '../api/daily-list.ts';

/** What both layouts of 今日签到 share (no UI library here). */
export const CHECKIN = RECORD_KINDS.checkin;
export const locationText = (row: DailyRow) =>
  row.location === 'granted' ? `已定位（精度约 ${row.accuracy ?? '—'} 米）` : (LOCATION_STATES.find((s) => s.value === row.location)?.label ?? '—');
export const checkedText = (row: DailyRow) => (row.checkedAt ? schoolTime(row.checkedAt).slice(6) : '未签到');

/** 今日签到's hook (components/device-page.tsx): the adviser's students on a day, who checked in, how located, and what the server noticed. */
export function useCheckinDailyPage() {
  usePageTitle('今日签到');
  return { day: useCheckinDay() };
}

/** What both layouts show: the day, its list, and how many checked in. */
export function useCheckinDay() {
  const [date, setDate] = useState(recordToday());
  const list = useDailyList(CHECKIN, date);
  const rows = list.data ?? [];
  return { date, setDate, list, rows, checked: rows.filter((r) => r.recordId).length };
}
export type CheckinDay = ReturnType<typeof useCheckinDay>;

