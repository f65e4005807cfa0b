import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordKindDeclaration, WorkplaceProposal } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';

/** The adviser's students without a workplace whose first located check-ins propose one. */
export const workplaceProposalsQuery = (declaration: RecordKindDeclaration) =>
  queryOptions({
    queryKey: ['internship', declaration.kind, 'workplaceProposals'],
    queryFn: () => http.get<WorkplaceProposal[]>(`${declaration.base}/workplaceProposals`),
    staleTime: 60_000,
  });

/** 确认: the proposal becomes the placement's workplace; the proposals and the day's distances are read again. */
export function useConfirmWorkplace(declaration: RecordKindDeclaration) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enrolmentId: string) => http.post<null>(`${declaration.base}/workplaceProposals/${enrolmentId}/confirm`),
    onSettled: () => client.invalidateQueries({ queryKey: ['internship', declaration.kind] }),
  });
}
