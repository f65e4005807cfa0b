import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { visitModeLabel, type VisitRow } from '@contract/visits.ts';
import { scrolledList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { VISITS_KEY, visitListQuery } from '../api/visit-api.ts';
import '../visit.css';

/** 走访记录 declared once (no UI library here): the visits sent, the adviser's own (everyone's for the office). */
const COLUMNS: readonly ListColumn<VisitRow>[] = [
  { key: 'visitDate', label: '走访日期', width: 120, phone: 'title', phoneShow: (row) => `${row.visitDate} ${visitModeLabel(row.mode)}` },
  { key: 'mode', label: '方式', width: 100, show: (row) => visitModeLabel(row.mode) },
  { key: 'adviserName', label: '指导教师', width: 110 },
  { key: 'students', label: '走访学生', width: 220, show: (row) => row.students.join('、'), phone: 'bare' },
  { key: 'notes', label: '走访情况', ellipsis: true, phone: 'bare' },
  { key: 'photoCount', label: '照片', width: 80, show: (row) => `${row.photoCount} 张`, phoneShow: (row) => `照片 ${row.photoCount} 张`, phone: 'bare' },
  { key: 'sent', label: '状态', show: () => ({ tag: '已提交', tone: 'success' }), phone: 'extra', phoneOnly: true },
];

/**
 * 走访/巡查's hook (components/device-page.tsx): the visits, read page after page on both devices, and read again
 * once the outbox has sent the visits filed offline.
 */
export function useVisitsPage() {
  const client = useQueryClient();
  useEffect(() => onRecordsSynced(() => void client.invalidateQueries({ queryKey: VISITS_KEY })), [client]);
  const list: DeclaredList<VisitRow> = {
    title: '走访记录',
    rowKey: (row) => row.id,
    columns: COLUMNS,
    cards: true,
    empty: '暂无走访记录',
    emptyHint: '走访或电话联系学生后，在这里记录',
    data: scrolledList(useInfiniteQuery(visitListQuery())),
  };
  return { list };
}

export type VisitsPage = ReturnType<typeof useVisitsPage>;
