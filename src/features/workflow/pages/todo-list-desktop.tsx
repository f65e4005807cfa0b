import type { TableColumnsType } from 'antd';
import type { TaskRow } from '@contract/workflow.ts';
import { useTodoList } from '../api/get-todo-list.ts';
import { WorkflowTableDesktop, titleColumn } from '../components/workflow-table-desktop.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

/** 我的待办 on desktop and tablet. */
export default function TodoListDesktop({ state }: { state: WorkflowListState }) {
  const list = useTodoList({ page: state.page, pageSize: state.pageSize });
  const columns: TableColumnsType<TaskRow> = [
    titleColumn<TaskRow>((row) => state.open(row.instanceId)),
    { title: '流程', dataIndex: 'processName', width: 120 },
    { title: '申请人', dataIndex: 'applicantName', width: 110 },
    { title: '当前步骤', dataIndex: 'stepName', width: 150, ellipsis: true },
    { title: '到达时间', dataIndex: 'createdAt', width: 180, render: (value: string) => formatTime(value) },
  ];
  return <WorkflowTableDesktop<TaskRow> title="我的待办" emptyText="暂无待办，新的申请到达时会通知您" state={state} list={list} columns={columns} instanceOf={(row) => row.instanceId} mode="decide" scrollX={860} />;
}
