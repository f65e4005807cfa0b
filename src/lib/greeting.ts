import { schoolHour, schoolToday } from '@contract/internship.ts';
import dayjs from '@/lib/dayjs.ts';

/**
 * Greeting by hour (SPEC.md section 2): before 9, to 11, to 13, before 20, else; the small hours
 * before 5 are no morning, so someone still up at 02:30 is not wished 早上好.
 */
export function greetingAt(hour: number): string {
  if (hour < 5) return '夜深了';
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** The greeting at a moment by the school's clock, so a phone set to another time zone greets as the school does. */
export const schoolGreeting = (moment: Date = new Date()): string => greetingAt(schoolHour(moment));

/** 今天是…: the school's date with its weekday, e.g. 2026年11月29日 星期日. */
export const schoolDateLabel = (moment: Date = new Date()): string => dayjs(schoolToday(moment)).format('YYYY年M月D日 dddd');
