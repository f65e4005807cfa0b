import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INTERACTION_URL, type InteractionPlacement, type ReplyInput, type StartThreadInput, type ThreadRow, type ThreadView } from '@contract/interactions.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

/** Everything of 互动 is under this key: a message sent refreshes the list, the thread and the unread count. */
export const INTERACTION_KEY = ['interaction'] as const;
const PAGE_SIZE = 20;

export const threadListQuery = () =>
  infiniteQueryOptions({
    queryKey: [...INTERACTION_KEY, 'list'],
    queryFn: ({ pageParam }) => http.get<PageResult<ThreadRow>>(INTERACTION_URL.list, { page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: PageResult<ThreadRow>, pages: PageResult<ThreadRow>[]) => (pages.length * PAGE_SIZE < last.total && last.records.length > 0 ? pages.length + 1 : undefined),
  });
export const useThreadList = () => useInfiniteQuery(threadListQuery());

// Read afresh at each opening: opening marks it read on the server.
export const threadQuery = (id: string) => queryOptions({ queryKey: [...INTERACTION_KEY, 'thread', id], queryFn: () => http.get<ThreadView>(INTERACTION_URL.thread(id)), staleTime: 0 });
export const useThread = (id: string) => useQuery(threadQuery(id));

export const usePlacements = (enabled: boolean) =>
  useQuery({ queryKey: [...INTERACTION_KEY, 'placements'], queryFn: () => http.get<InteractionPlacement[]>(INTERACTION_URL.placements), enabled, staleTime: 60_000 });

function useInteractionMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: INTERACTION_KEY }) });
}

/** A new thread; its id is made here, so a retry after a lost answer is kept once. */
export const useStartThread = () => useInteractionMutation((input: StartThreadInput) => http.put<{ id: string }>(INTERACTION_URL.start, input));
export const useReply = (threadId: string) => useInteractionMutation((input: ReplyInput) => http.put<null>(INTERACTION_URL.reply(threadId), input));
