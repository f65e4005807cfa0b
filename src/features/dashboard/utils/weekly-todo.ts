import { RECORD_STATUS_TEXT, type MyPlacementRecords } from '@contract/records.ts';

/** What a student still owes in the running internship: this week's summary, earlier weeks left empty, returned ones. */
export function weeklyTodo(placements: readonly MyPlacementRecords[], today: string) {
  const running = placements.find((e) => e.status === 'active');
  if (!running) return null;
  const thisWeek = running.slots.find((w) => w.periodStart <= today && today <= w.periodEnd);
  const missed = running.slots.filter((w) => w.periodEnd < today && (!w.record || w.record.status === 'draft')).length;
  const returned = running.slots.filter((w) => w.record?.status === 'returned').length;
  const thisWeekText = !thisWeek ? null : !thisWeek.record || thisWeek.record.status === 'draft' ? '本周周记未提交' : `本周周记${RECORD_STATUS_TEXT[thisWeek.record.status]}`;
  return { programName: running.programName, thisWeekText, missed, returned };
}
