import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { distanceText } from '@contract/geo.ts';
import { LOCATION_STATES, RECORD_KINDS, recordToday, schoolTime, type DailyRow } from '@contract/records.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { dailyListQuery } from '../api/daily-list.ts';
import { AttachmentView } from '../components/attachment-view.tsx';
import { useConfirmWorkplace, workplaceProposalsQuery } from '../api/workplace-proposals.ts';
import { WorkplaceProposals } from '../components/workplace-proposals.tsx';

/** 今日签到 declared once (no UI library here): the adviser's students on a day, who checked in, how located, and what the server noticed. */

const locationText = (row: DailyRow) =>
  row.location === 'granted'
    ? `已定位（精度约 ${row.accuracy ?? '—'} 米${row.distance === null ? '' : `，距实习单位 ${distanceText(row.distance)}`}）`
    : (LOCATION_STATES.find((s) => s.value === row.location)?.label ?? '—');

/** The day's (first) check-in: its time, 补卡 (approved, it has none), 未签上班 beside a 下班, or 未签到. */
const checkedInText = (row: DailyRow) => {
  if (!row.recordId) return { tag: '未签到', tone: 'default' as const };
  if (row.checkedAt) return schoolTime(row.checkedAt).slice(6);
  return row.checkedOutAt ? { tag: '未签上班', tone: 'warning' as const } : { tag: '补卡', tone: 'processing' as const };
};

const COLUMNS: readonly ListColumn<DailyRow>[] = [
  { key: 'studentName', label: '学生', width: 100, phone: 'title' },
  { key: 'studentNo', label: '学号', width: 130 },
  // On the phone the class stands in for what a check-in would say.
  { key: 'className', label: '班级', width: 180, phoneShow: (row) => !row.recordId && row.className, phone: 'bare' },
  { key: 'checkedAt', label: '签到时间', width: 110, show: checkedInText, phone: 'extra' },
  // Where the program asks for 上班 and 下班.
  { key: 'checkedOutAt', label: '下班签到', width: 100, show: (row) => row.checkedOutAt && schoolTime(row.checkedOutAt).slice(6), phoneShow: (row) => row.checkedOutAt && `下班 ${schoolTime(row.checkedOutAt).slice(6)}`, phone: 'bare' },
  { key: 'location', label: '定位', width: 200, show: (row) => row.recordId && locationText(row), phone: 'bare' },
  // Sealed by the server: the band on each says who, when it arrived and how far from the workplace.
  { key: 'photos', label: '照片', width: 120, show: (row) => row.photos.length > 0 && <AttachmentView attachments={row.photos} />, phone: 'bare' },
  { key: 'notes', label: '提示', show: (row) => row.notes.map((note) => ({ tag: note, tone: 'warning' as const })), phone: 'bare' },
];

/** 今日签到's hook (components/device-page.tsx): the day looked at, its list, and how many checked in. */
export function useCheckinDailyPage() {
  usePageTitle('今日签到');
  const [date, setDate] = useState(recordToday());
  const query = useQuery(dailyListQuery(RECORD_KINDS.checkin, date));
  const list: DeclaredList<DailyRow> = {
    title: '今日签到',
    rowKey: (row) => row.enrolmentId,
    columns: COLUMNS,
    empty: '没有正在实习的学生',
    failed: { title: '暂时无法加载', description: '请检查网络后重试' },
    data: wholeList(query),
  };
  const rows = query.data ?? [];
  const proposals = useQuery(workplaceProposalsQuery(RECORD_KINDS.checkin)).data ?? [];
  const confirmWorkplace = useConfirmWorkplace(RECORD_KINDS.checkin);
  const workplaces = <WorkplaceProposals proposals={proposals} confirm={(p) => confirmWorkplace.mutateAsync(p.enrolmentId)} />;
  return { list, date, setDate, summary: `已签到 ${rows.filter((r) => r.recordId).length} / ${rows.length} 人`, workplaces };
}

export type CheckinDailyPage = ReturnType<typeof useCheckinDailyPage>;
