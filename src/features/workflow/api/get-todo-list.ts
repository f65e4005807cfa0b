import { WORKFLOW_URL, type TaskRow } from '@contract/workflow.ts';
import { workflowList } from './list-queries.ts';

const todo = workflowList<TaskRow>('todo', WORKFLOW_URL.todo);

/** 我的待办: the open tasks I may decide, the oldest first. */
export const getTodoList = todo.get;
export const todoListSource = todo.source;
