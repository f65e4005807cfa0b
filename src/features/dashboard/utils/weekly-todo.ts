import { WEEKLY_STATUS_LABELS, type MyEnrolment } from '@contract/internship.ts';

/** What a student still owes in the running internship: this week's summary, earlier weeks left empty, returned ones. */
export function weeklyTodo(enrolments: readonly MyEnrolment[], today: string) {
  const running = enrolments.find((e) => e.status === 'active');
  if (!running) return null;
  const thisWeek = running.weeks.find((w) => w.weekStart <= today && today <= w.weekEnd);
  const missed = running.weeks.filter((w) => w.weekEnd < today && (!w.summary || w.summary.status === 'draft')).length;
  const returned = running.weeks.filter((w) => w.summary?.status === 'returned').length;
  const thisWeekText = !thisWeek ? null : !thisWeek.summary || thisWeek.summary.status === 'draft' ? '本周周记未提交' : `本周周记${WEEKLY_STATUS_LABELS[thisWeek.summary.status]}`;
  return { programName: running.programName, thisWeekText, missed, returned };
}
