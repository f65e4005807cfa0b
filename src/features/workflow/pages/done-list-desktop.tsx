import { Tooltip, type TableColumnsType } from 'antd';
import type { Decision, InstanceStatus, TaskRow } from '@contract/workflow.ts';
import { useDoneList } from '../api/get-done-list.ts';
import { DecisionTag, InstanceStatusTag } from '../components/instance-detail-desktop.tsx';
import { WorkflowTableDesktop, titleColumn } from '../components/workflow-table-desktop.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

/** 我的意见: the decision as a tag, the comment beside it (whole in a tooltip). */
function MyDecision({ decision, comment }: { decision: Decision | null; comment: string | null }) {
  if (!decision) return <>—</>;
  return (
    <span className="workflow-decision">
      <DecisionTag decision={decision} />
      {comment && (
        <Tooltip title={comment}>
          <span className="workflow-decision__comment">{comment}</span>
        </Tooltip>
      )}
    </span>
  );
}

/** 我的已办 on desktop and tablet. */
export default function DoneListDesktop({ state }: { state: WorkflowListState }) {
  const list = useDoneList({ page: state.page, pageSize: state.pageSize });
  const columns: TableColumnsType<TaskRow> = [
    titleColumn<TaskRow>((row) => state.open(row.instanceId)),
    { title: '流程', dataIndex: 'processName', width: 110 },
    { title: '申请人', dataIndex: 'applicantName', width: 100 },
    { title: '审批步骤', dataIndex: 'stepName', width: 140, ellipsis: true },
    { title: '到达时间', dataIndex: 'createdAt', width: 180, render: (value: string) => formatTime(value) },
    { title: '我的意见', dataIndex: 'decision', width: 220, render: (_value: Decision | null, row) => <MyDecision decision={row.decision} comment={row.comment} /> },
    { title: '处理时间', dataIndex: 'decidedAt', width: 180, render: (value: string | null) => formatTime(value) },
    { title: '申请状态', dataIndex: 'instanceStatus', width: 100, render: (value: InstanceStatus) => <InstanceStatusTag status={value} /> },
  ];
  return <WorkflowTableDesktop<TaskRow> title="我的已办" emptyText="暂无已办" state={state} list={list} columns={columns} instanceOf={(row) => row.instanceId} mode="read" scrollX={1300} />;
}
