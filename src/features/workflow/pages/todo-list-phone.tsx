import type { TaskRow } from '@contract/workflow.ts';
import { useTodoListInfinite } from '../api/get-todo-list.ts';
import { WorkflowListPhone } from '../components/workflow-list-phone.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

const PAGE_SIZE = 10;

/** 我的待办 on the phone (antd-mobile only). */
export default function TodoListPhone({ state }: { state: WorkflowListState }) {
  const list = useTodoListInfinite(PAGE_SIZE);
  return (
    <WorkflowListPhone<TaskRow>
      title="我的待办"
      emptyTitle="暂无待办"
      state={state}
      list={list}
      instanceOf={(row) => row.instanceId}
      mode="decide"
      row={(row) => ({
        title: row.title,
        description: (
          <span className="workflow-phone__meta">
            <span>{row.processName}</span>
            <span>申请人：{row.applicantName}</span>
            <span>当前步骤：{row.stepName}</span>
            <span>到达时间：{formatTime(row.createdAt)}</span>
          </span>
        ),
      })}
    />
  );
}
