import type { ApplicationRow } from '@contract/workflow.ts';
import { useMyApplicationsInfinite } from '../api/get-my-applications.ts';
import { InstanceStatusTagPhone } from '../components/instance-detail-phone.tsx';
import { WorkflowListPhone } from '../components/workflow-list-phone.tsx';
import { formatTime, type WorkflowListState } from '../components/workflow-parts.tsx';

const PAGE_SIZE = 10;

/** 我的申请 on the phone (antd-mobile only). */
export default function MyApplicationsPhone({ state }: { state: WorkflowListState }) {
  const list = useMyApplicationsInfinite(PAGE_SIZE);
  return (
    <WorkflowListPhone<ApplicationRow>
      title="我的申请"
      emptyTitle="暂无申请"
      state={state}
      list={list}
      instanceOf={(row) => row.id}
      mode="applicant"
      row={(row) => ({
        title: row.title,
        extra: <InstanceStatusTagPhone status={row.status} />,
        description: (
          <span className="workflow-phone__meta">
            <span>{row.processName}</span>
            {row.currentStep && <span>当前步骤：{row.currentStep}</span>}
            <span>提交时间：{formatTime(row.createdAt)}</span>
          </span>
        ),
      })}
    />
  );
}
