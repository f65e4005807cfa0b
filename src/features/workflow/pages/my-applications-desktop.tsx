import type { TableColumnsType } from 'antd';
import type { ApplicationRow, InstanceStatus } from '@contract/workflow.ts';
import { useMyApplications } from '../api/get-my-applications.ts';
import { InstanceStatusTag } from '../components/instance-detail-desktop.tsx';
import { WorkflowTableDesktop, titleColumn } from '../components/workflow-table-desktop.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

/** 我的申请 on desktop and tablet. */
export default function MyApplicationsDesktop({ state }: { state: WorkflowListState }) {
  const list = useMyApplications({ page: state.page, pageSize: state.pageSize });
  const columns: TableColumnsType<ApplicationRow> = [
    titleColumn<ApplicationRow>((row) => state.open(row.id)),
    { title: '流程', dataIndex: 'processName', width: 120 },
    { title: '状态', dataIndex: 'status', width: 100, render: (value: InstanceStatus) => <InstanceStatusTag status={value} /> },
    { title: '当前步骤', dataIndex: 'currentStep', width: 150, ellipsis: true, render: (value: string | null) => value ?? '—' },
    { title: '提交时间', dataIndex: 'createdAt', width: 180, render: (value: string) => formatTime(value) },
  ];
  return <WorkflowTableDesktop<ApplicationRow> title="我的申请" emptyText="暂无申请" state={state} list={list} columns={columns} instanceOf={(row) => row.id} mode="applicant" scrollX={860} />;
}
