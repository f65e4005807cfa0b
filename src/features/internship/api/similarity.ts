import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordKindDeclaration } from '@contract/records.ts';
import { dismissSimilarityUrl, similarityUrl, type DismissSimilarityInput, type SimilarityFlag } from '@contract/similarity.ts';
import { http } from '@/lib/api-client.ts';

const similarityKey = (declaration: RecordKindDeclaration, id: string) => ['internship', declaration.kind, 'similarity', id] as const;

/** 雷同提示 of a record, for its reviewer; none asked for a kind that is not compared. */
export const useSimilarityFlags = (declaration: RecordKindDeclaration, id: string) =>
  useQuery({
    queryKey: similarityKey(declaration, id),
    queryFn: () => http.get<SimilarityFlag[]>(similarityUrl(declaration.base, id)),
    enabled: Boolean(declaration.compared),
  });

/** 忽略: the reviewer's judgement that a flag is no copy, with the reason kept. */
export function useDismissSimilarity(declaration: RecordKindDeclaration, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ flagId, input }: { flagId: string; input: DismissSimilarityInput }) => http.post<null>(dismissSimilarityUrl(declaration.base, id, flagId), input),
    onSuccess: () => client.invalidateQueries({ queryKey: similarityKey(declaration, id) }),
  });
}
