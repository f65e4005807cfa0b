import { WORKFLOW_URL, type ApplicationRow } from '@contract/workflow.ts';
import { workflowList } from './list-queries.ts';

const mine = workflowList<ApplicationRow>('mine', WORKFLOW_URL.mine);

/** 我的申请: the applications I submitted, the latest changed first. */
export const getMyApplications = mine.get;
export const myApplicationsSource = mine.source;
