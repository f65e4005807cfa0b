import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdviserScoreInput, MentorEvaluationInput, ScoreDetail } from '@contract/internship-score.ts';
import { APPRAISAL_URL, SCORE_RESOURCE } from '@contract/internship-score.ts';
import { dispositionFileName } from '@/components/import-modal/import-rules.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { cleanSearch, resourceKey, type SearchValues } from '@/components/resource/resource-api.ts';
import { api, http } from '@/lib/api-client.ts';

/** A score's detail: components, the mentor's items, comments and (except for the student) the log. */
export const scoreDetailKey = (id: string) => ['internship', 'score', id] as const;
export const scoreDetailQuery = (id: string) => queryOptions({ queryKey: scoreDetailKey(id), queryFn: () => http.get<ScoreDetail>(`/internship/score/${id}`) });

/** A write to scores: the lists and the detail follow it, also after a refusal (someone may have published meanwhile). */
function useScoreWrite<Input>(mutationFn: (input: Input) => Promise<unknown>, idOf: (input: Input) => string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, input) =>
      Promise.all([client.invalidateQueries({ queryKey: resourceKey(SCORE_RESOURCE) }), ...idOf(input).map((id) => client.invalidateQueries({ queryKey: scoreDetailKey(id) }))]),
  });
}

export const useEvaluate = () =>
  useScoreWrite(({ id, input }: { id: string; input: MentorEvaluationInput }) => http.put<ScoreDetail>(`/internship/score/${id}/mentor`, input), ({ id }) => [id]);
export const useAdviserScore = () =>
  useScoreWrite(({ id, input }: { id: string; input: AdviserScoreInput }) => http.put<ScoreDetail>(`/internship/score/${id}/adviser`, input), ({ id }) => [id]);
export const usePublish = () => useScoreWrite((ids: string[]) => http.post<null>('/internship/score/publish', { ids }), (ids) => ids);
export const useReopen = () => useScoreWrite(({ id, reason }: { id: string; reason: string }) => http.post<ScoreDetail>(`/internship/score/${id}/reopen`, { reason }), ({ id }) => [id]);

/** 实习鉴定表 (PDF) of the chosen placements, or of every one the list's search matches, saved under the server's name. */
export async function downloadAppraisal(target: { ids: readonly string[] } | { search: SearchValues }) {
  const params = 'ids' in target ? { ids: target.ids.join(',') } : cleanSearch(target.search);
  const response = await api.get<Blob>(APPRAISAL_URL, { params, responseType: 'blob' });
  saveFile(response.data, dispositionFileName(response.headers['content-disposition'] as string | undefined) ?? '实习鉴定表.pdf');
}
