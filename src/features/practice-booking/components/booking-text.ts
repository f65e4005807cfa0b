import { BOOKING_STATUS_LABELS, periodRange, type BookingRow, type BookingStatus, type TimetableEntry } from '@contract/practice-booking.ts';
import type { Tone } from '@/components/tone-colors.ts';

export const STATUS_TONE: Record<BookingStatus, Tone> = { pending: 'warning', approved: 'success', rejected: 'danger', returned: 'default', withdrawn: 'default' };
export const statusText = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];
/** 2026-12-07 第1-2节, or with a weekly repeat 2026-12-07 起每周，共6周. */
export const whenText = (b: BookingRow) => `${b.date}${b.weeks > 1 ? ` 起每周，共${b.weeks}周` : ''} ${periodRange(b.periodFrom, b.periodTo)}`;
/** Who holds a slot of the week: 电子商务2025级2班 · 王老师 · PLC控制实训室（审批中）. */
export const holderText = (e: TimetableEntry) => `${e.className} · ${e.teacherName} · ${e.roomName}${e.status === 'pending' ? '（审批中）' : ''}`;
