import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WORKFLOW_URL, type TaskRow } from '@contract/workflow.ts';
import { workflowList, type WorkflowPageQuery } from './list-queries.ts';

const todo = workflowList<TaskRow>('todo', WORKFLOW_URL.todo);

/** 我的待办: the open tasks I may decide, the oldest first. */
export const getTodoList = todo.get;
export const todoListQuery = todo.page;
export const todoListInfiniteQuery = todo.infinite;

export const useTodoList = (query: WorkflowPageQuery) => useQuery(todoListQuery(query));
export const useTodoListInfinite = (pageSize: number) => useInfiniteQuery(todoListInfiniteQuery(pageSize));
