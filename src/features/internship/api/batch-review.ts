import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchReviewSchema, type BatchReviewInput } from '@contract/internship.ts';
import type { RecordKindDeclaration } from '@contract/records.ts';
import { http } from '@/lib/api-client.ts';
import { REVIEW_LIST_KEY } from './review-list.ts';

export { batchReviewSchema };

/** 批量通过: the chosen submitted records with one score and comment; all or none, each student told. */
export const batchReview = (declaration: RecordKindDeclaration, input: BatchReviewInput) => http.post<{ count: number }>(`${declaration.base}/review/batch`, input);

/** The lists refetch whatever the answer (someone may have reviewed one of them meanwhile: 409). */
export function useBatchReview(declaration: RecordKindDeclaration) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchReviewInput) => batchReview(declaration, input),
    onSettled: () => client.invalidateQueries({ queryKey: REVIEW_LIST_KEY }),
  });
}
