import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { visitModeLabel, type VisitRow, type VisitWriteInput } from '@contract/visits.ts';
import { scrolledList } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { useSession } from '@/lib/session-store.ts';
import { onRecordsSynced } from '@/offline/outbox.ts';
import { useQueuedEntries } from '@/offline/use-queued-entries.ts';
import { VISITS_KEY, VISIT_OUTBOX_KIND, visitListQuery } from '../api/visit-api.ts';
import '../visit.css';

/** 走访记录 declared once (no UI library here): the visits sent, the teacher's own (an adviser's or a 班主任's) (everyone's for the office). */
const COLUMNS: readonly ListColumn<VisitRow>[] = [
  { key: 'visitDate', label: '走访日期', width: 120, phone: 'title', phoneShow: (row) => `${row.visitDate} ${visitModeLabel(row.mode)}` },
  { key: 'mode', label: '方式', width: 100, show: (row) => visitModeLabel(row.mode) },
  { key: 'adviserName', label: '记录教师', width: 110 },
  { key: 'students', label: '走访学生', width: 220, show: (row) => row.students.join('、'), phone: 'bare' },
  { key: 'notes', label: '走访情况', ellipsis: true, phone: 'bare' },
  { key: 'photoCount', label: '照片', width: 80, show: (row) => `${row.photoCount} 张`, phoneShow: (row) => `照片 ${row.photoCount} 张`, phone: 'bare' },
  { key: 'sent', label: '状态', show: () => ({ tag: '已提交', tone: 'success' }), phone: 'extra', phoneOnly: true },
];

/**
 * 走访/巡查's hook (components/device-page.tsx): the visits, read page after page on both devices, and read again
 * once the outbox has sent the visits filed offline; the phone's 新建走访 and what waits on the device, not yet among them.
 */
export function useVisitsPage(device: Device) {
  const { userInfo } = useSession();
  // The desktop files no visits: it reads no outbox.
  const queued = useQueuedEntries(VISIT_OUTBOX_KIND, device === 'phone' ? userInfo?.id : undefined);
  const [editing, setEditing] = useState(false);
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
  const sent = new Set(list.data.rows.map((r) => r.id));
  const waiting = queued.filter((e) => !sent.has(e.id));
  return {
    list,
    /** Visits filed offline and not yet among those sent: when, how, and whom or why the server refused. */
    waiting: waiting.map((entry) => {
      const visit = entry.payload as VisitWriteInput;
      return { entry, title: `${visit.visitDate} ${visitModeLabel(visit.mode)}`, line: entry.error ?? `${visit.enrolmentIds.length} 名学生 · 照片 ${entry.files.length} 张` };
    }),
    editing,
    setEditing,
  };
}

export type VisitsPage = ReturnType<typeof useVisitsPage>;
