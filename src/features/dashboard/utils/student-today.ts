import { RECORD_STATUS_TEXT, schoolDateOf, schoolTime, type MyPlacementRecords, type MySlot, type RecordKindCode } from '@contract/records.ts';

/** One of the student's big tiles on the phone's 工作台: what to do about a kind today. */
export interface TodayTile {
  kind: RecordKindCode | 'interaction';
  label: string;
  /** Where the tile leads (the kind's own page). */
  path: string;
  /** The state in a few words: 今日未签到, 本周周记已提交… */
  text: string;
  /** Something is owed or needs the student (shown in the warning colour). */
  owed: boolean;
}

const running = (placements: readonly MyPlacementRecords[] | undefined) => placements?.find((p) => p.status === 'active');
const current = (slots: readonly MySlot[], today: string) => slots.find((s) => s.periodStart <= today && today <= s.periodEnd);
const returnedCount = (slots: readonly MySlot[]) => slots.filter((s) => s.record?.status === 'returned').length;

/**
 * What a student has to do today, from the lists each kind's page keeps (on the device too): 签到, this
 * week's 周记, this month's 月报, the leaves that wait or need 销假 and unread 互动 messages. A kind whose list is not there yet is
 * left out rather than guessed.
 */
export function studentToday(
  lists: Partial<Record<RecordKindCode, readonly MyPlacementRecords[]>>,
  paths: Record<RecordKindCode, string>,
  today: string,
  /** Messages from the adviser or mentor not yet read (互动), when known. */
  unread?: { count: number; path: string },
): TodayTile[] {
  const tiles: TodayTile[] = [];
  const checkin = running(lists.checkin);
  if (checkin) {
    const done = checkin.slots.find((s) => s.periodStart === today && s.record);
    tiles.push({ kind: 'checkin', label: '签到', path: paths.checkin, text: done ? `今日已签到 ${schoolTime(done.record!.values.checkedAt).slice(6)}` : '今日未签到', owed: !done });
  }
  for (const [kind, label, period] of [
    ['weekly', '周记', '本周'],
    ['monthly', '月报', '本月'],
  ] as const) {
    const placement = running(lists[kind]);
    if (!placement) continue;
    const slot = current(placement.slots, today);
    const returned = returnedCount(placement.slots);
    const state = !slot?.record || slot.record.status === 'draft' ? `${period}${label}未提交` : `${period}${label}${RECORD_STATUS_TEXT[slot.record.status]}`;
    tiles.push({ kind, label, path: paths[kind], text: returned > 0 ? `${state}，${returned} 篇已退回待修改` : state, owed: returned > 0 || !slot?.record || slot.record.status === 'draft' });
  }
  const leaves = running(lists.leave);
  if (leaves) {
    const records = leaves.slots.flatMap((s) => (s.record ? [s.record] : []));
    const pending = records.filter((r) => r.status === 'pending').length;
    const away = records.find((r) => r.status === 'approved' && r.values.startsAt && schoolDateOf(r.values.startsAt) <= today);
    const returned = records.filter((r) => r.status === 'returned').length;
    const text = away
      ? `请假至 ${schoolTime(away.values.endsAt)}，返岗后请销假`
      : pending > 0
        ? `${pending} 条请假审批中`
        : returned > 0
          ? `${returned} 条请假被退回待修改`
          : '无待办';
    tiles.push({ kind: 'leave', label: '请假', path: paths.leave, text, owed: Boolean(away) || returned > 0 });
  }
  if (unread) tiles.push({ kind: 'interaction', label: '互动', path: unread.path, text: unread.count > 0 ? `${unread.count} 条新消息未读` : '暂无未读消息', owed: unread.count > 0 });
  return tiles;
}

/** A date something is due by, on the 工作台's 日程. */
export interface Deadline {
  label: string;
  due: string;
  path: string;
}

/** This week's 周记 and this month's 月报 not yet handed in (none, a draft, or returned), due at their period's end. */
export function recordDeadlines(lists: Partial<Record<RecordKindCode, readonly MyPlacementRecords[]>>, paths: Record<RecordKindCode, string>, today: string): Deadline[] {
  const due: Deadline[] = [];
  for (const [kind, label] of [
    ['weekly', '本周周记'],
    ['monthly', '本月月报'],
  ] as const) {
    const slot = running(lists[kind]) && current(running(lists[kind])!.slots, today);
    const status = slot?.record?.status;
    if (slot && (!status || status === 'draft' || status === 'returned')) due.push({ label: status === 'returned' ? `${label}（已退回，请修改）` : label, due: slot.periodEnd, path: paths[kind] });
  }
  return due;
}
