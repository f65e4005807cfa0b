import { queryOptions, useQuery } from '@tanstack/react-query';
import { TODO_URL, type MyTodo } from '@contract/dashboard.ts';
import { http } from '@/lib/api-client.ts';

// Kept on the device like the other boxes, for an offline start; asked again whenever the home is shown.
export const myTodoQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'todo'], queryFn: () => http.get<MyTodo>(TODO_URL, undefined, { silent: true }), staleTime: 0, networkMode: 'offlineFirst', meta: { persist: true } });

/** Everything waiting for me, one count per kind with its list (GET /dashboard/todo). */
export const useMyTodo = () => useQuery(myTodoQuery());
