import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { DECISION_LABELS, INSTANCE_STATUS_LABELS, type ApplicationRow, type InstanceStatus, type TaskRow } from '@contract/workflow.ts';
import { usePagedList, usePaging, type PagedSource } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn, ListDeclaration } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { doneListSource } from '../api/get-done-list.ts';
import { myApplicationsSource } from '../api/get-my-applications.ts';
import { todoListSource } from '../api/get-todo-list.ts';
import { DECISION_TONE, INSTANCE_STATUS_TONE, formatTime, type DetailMode } from '../components/workflow-parts.tsx';

/** 我的待办, 我的已办 and 我的申请: three declared lists, each row opening its application (no UI library here). */

const titleColumn = { key: 'title', label: '申请', ellipsis: true, opens: true, phone: 'title' } as const;
const processColumn = (width: number) => ({ key: 'processName', label: '流程', width, phone: 'bare' }) as const;
const statusColumn = <Row,>(key: string, label: string, status: (row: Row) => InstanceStatus): ListColumn<Row> => ({
  key,
  label,
  width: 100,
  show: (row) => ({ tag: INSTANCE_STATUS_LABELS[status(row)], tone: INSTANCE_STATUS_TONE[status(row)] }),
  phone: 'extra',
});
const timeColumn = <Row,>(key: keyof Row & string, label: string, phone?: 'line'): ListColumn<Row> => ({ key, label, width: 180, show: (row) => formatTime(row[key] as string | null), phone });

const TODO: Omit<ListDeclaration<TaskRow>, 'rowKey'> = {
  title: '我的待办',
  columns: [
    titleColumn,
    processColumn(120),
    { key: 'applicantName', label: '申请人', width: 110, phone: 'line' },
    { key: 'stepName', label: '当前步骤', width: 150, ellipsis: true, phone: 'line' },
    timeColumn('createdAt', '到达时间', 'line'),
  ],
  empty: '暂无待办',
  emptyHint: '新的申请到达时会通知您',
  scrollX: 860,
};

const DONE: Omit<ListDeclaration<TaskRow>, 'rowKey'> = {
  title: '我的已办',
  columns: [
    titleColumn,
    processColumn(110),
    { key: 'applicantName', label: '申请人', width: 100, phone: 'line' },
    { key: 'stepName', label: '审批步骤', phoneLabel: '步骤', width: 140, ellipsis: true, phone: 'line' },
    timeColumn('createdAt', '到达时间'),
    {
      key: 'decision',
      label: '我的意见',
      width: 220,
      // The comment is cut to the column; the whole of it on hover.
      show: (row) =>
        row.decision && [
          { tag: DECISION_LABELS[row.decision], tone: DECISION_TONE[row.decision] },
          row.comment && (
            <span className="workflow-decision__comment" title={row.comment}>
              {row.comment}
            </span>
          ),
        ],
      phone: 'line',
    },
    timeColumn('decidedAt', '处理时间', 'line'),
    statusColumn<TaskRow>('instanceStatus', '申请状态', (row) => row.instanceStatus),
  ],
  empty: '暂无已办',
  scrollX: 1300,
};

const MINE: Omit<ListDeclaration<ApplicationRow>, 'rowKey'> = {
  title: '我的申请',
  columns: [
    titleColumn,
    processColumn(120),
    statusColumn<ApplicationRow>('status', '状态', (row) => row.status),
    { key: 'currentStep', label: '当前步骤', width: 150, ellipsis: true, phone: 'line' },
    timeColumn('createdAt', '提交时间', 'line'),
  ],
  empty: '暂无申请',
  scrollX: 860,
};

export interface WorkflowListPage<Row> {
  list: DeclaredList<Row>;
  mode: DetailMode;
  /** The application open; its id stays while the drawer or popup closes, so its content does not vanish mid-animation. */
  detail: { id: string | null; open: boolean };
  close: () => void;
}

/** A workflow list's page: the list, paged on the desktop and scrolled on the phone, and the application open in its drawer. */
function useWorkflowList<Row extends { id: string }, PageKey extends QueryKey, ScrollKey extends QueryKey>(
  declaration: Omit<ListDeclaration<Row>, 'rowKey'>,
  source: PagedSource<Row, PageKey, ScrollKey>,
  instanceOf: (row: Row) => string,
  mode: DetailMode,
  device: Device,
): WorkflowListPage<Row> {
  const [detail, setDetail] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const data = usePagedList(source, device, usePaging());
  const list: DeclaredList<Row> = { ...declaration, rowKey: (row) => row.id, refresh: true, cards: true, open: (row) => setDetail({ id: instanceOf(row), open: true }), data };
  return { list, mode, detail, close: () => setDetail((d) => ({ ...d, open: false })) };
}

/** The hooks of the three pages (components/device-page.tsx): 我的待办 decides, 我的已办 reads, 我的申请 may withdraw. */
export const useTodoListPage = (device: Device) => useWorkflowList(TODO, todoListSource, (row) => row.instanceId, 'decide', device);
export const useDoneListPage = (device: Device) => useWorkflowList(DONE, doneListSource, (row) => row.instanceId, 'read', device);
export const useMyApplicationsPage = (device: Device) => useWorkflowList(MINE, myApplicationsSource, (row) => row.id, 'applicant', device);
