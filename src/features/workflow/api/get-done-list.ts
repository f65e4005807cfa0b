import { WORKFLOW_URL, type TaskRow } from '@contract/workflow.ts';
import { workflowList } from './list-queries.ts';

const done = workflowList<TaskRow>('done', WORKFLOW_URL.done);

/** 我的已办: the tasks I decided, the latest first, with my decision and comment. */
export const getDoneList = done.get;
export const doneListSource = done.source;
