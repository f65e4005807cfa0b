import { addDays, mondayOf, schoolToday } from '@contract/internship.ts';

/** The Monday of this week on the school's clock, and a label for a week. */
export const thisWeek = () => mondayOf(schoolToday());
export const weekLabel = (monday: string) => `${monday} 至 ${addDays(monday, 6).slice(5)}`;
export const shiftWeek = (monday: string, weeks: number) => addDays(monday, weeks * 7);
