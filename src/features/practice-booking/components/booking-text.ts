import { BOOKING_STATUS_LABELS, periodRange, type BookingRow, type BookingStatus } from '@contract/practice-booking.ts';

export const STATUS_TONE: Record<BookingStatus, string> = { pending: 'warning', approved: 'success', rejected: 'error', returned: 'default', withdrawn: 'default' };
export const statusText = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];
/** 2026-12-07 第1-2节, or with a weekly repeat 2026-12-07 起每周，共6周. */
export const whenText = (b: BookingRow) => `${b.date}${b.weeks > 1 ? ` 起每周，共${b.weeks}周` : ''} ${periodRange(b.periodFrom, b.periodTo)}`;
