import type { TaskRow } from '@contract/workflow.ts';
import { useDoneListInfinite } from '../api/get-done-list.ts';
import { DecisionTagPhone, InstanceStatusTagPhone } from '../components/instance-detail-phone.tsx';
import { WorkflowListPhone } from '../components/workflow-list-phone.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

const PAGE_SIZE = 10;

/** 我的已办 on the phone (antd-mobile only). */
export default function DoneListPhone({ state }: { state: WorkflowListState }) {
  const list = useDoneListInfinite(PAGE_SIZE);
  return (
    <WorkflowListPhone<TaskRow>
      title="我的已办"
      emptyTitle="暂无已办"
      state={state}
      list={list}
      instanceOf={(row) => row.instanceId}
      mode="read"
      row={(row) => ({
        title: row.title,
        extra: <InstanceStatusTagPhone status={row.instanceStatus} />,
        description: (
          <span className="workflow-phone__meta">
            <span>{row.processName}</span>
            <span>申请人：{row.applicantName}</span>
            <span>步骤：{row.stepName}</span>
            <span>处理时间：{formatTime(row.decidedAt)}</span>
            {row.decision && (
              <span className="workflow-phone__opinion">
                我的意见：<DecisionTagPhone decision={row.decision} />
                {row.comment && <span className="workflow-phone__comment">{row.comment}</span>}
              </span>
            )}
          </span>
        ),
      })}
    />
  );
}
