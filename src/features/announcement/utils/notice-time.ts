import dayjs from '@/lib/dayjs.ts';

/** A list time: 刚刚, n分钟前 or n小时前 within a day, else YYYY-MM-DD HH:mm. */
export function noticeTime(iso: string | null, now: dayjs.Dayjs = dayjs()): string {
  if (!iso) return '';
  const time = dayjs(iso);
  if (!time.isValid()) return '';
  const minutes = now.diff(time, 'minute');
  if (minutes < 1 && minutes > -5) return '刚刚';
  if (minutes >= 1 && minutes < 60) return `${minutes}分钟前`;
  if (minutes >= 60 && minutes < 24 * 60) return `${Math.floor(minutes / 60)}小时前`;
  return time.format('YYYY-MM-DD HH:mm');
}

/** A full time for the detail: YYYY-MM-DD HH:mm:ss (SPEC.md section 9's date filter default). */
export const fullTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');
