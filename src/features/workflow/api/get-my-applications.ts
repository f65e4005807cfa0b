import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WORKFLOW_URL, type ApplicationRow } from '@contract/workflow.ts';
import { workflowList, type WorkflowPageQuery } from './list-queries.ts';

const mine = workflowList<ApplicationRow>('mine', WORKFLOW_URL.mine);

/** 我的申请: the applications I submitted, the latest changed first. */
export const getMyApplications = mine.get;
export const myApplicationsQuery = mine.page;
export const myApplicationsInfiniteQuery = mine.infinite;

export const useMyApplications = (query: WorkflowPageQuery) => useQuery(myApplicationsQuery(query));
export const useMyApplicationsInfinite = (pageSize: number) => useInfiniteQuery(myApplicationsInfiniteQuery(pageSize));
