import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WORKFLOW_URL, type TaskRow } from '@contract/workflow.ts';
import { workflowList, type WorkflowPageQuery } from './list-queries.ts';

const done = workflowList<TaskRow>('done', WORKFLOW_URL.done);

/** 我的已办: the tasks I decided, the latest first, with my decision and comment. */
export const getDoneList = done.get;
export const doneListQuery = done.page;
export const doneListInfiniteQuery = done.infinite;

export const useDoneList = (query: WorkflowPageQuery) => useQuery(doneListQuery(query));
export const useDoneListInfinite = (pageSize: number) => useInfiniteQuery(doneListInfiniteQuery(pageSize));
