import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdviserScoreInput, MentorEvaluationInput, ScoreDetail } from '@contract/internship-score.ts';
import { APPRAISAL_URL, SCORE_REGISTER_URL, SCORE_RESOURCE } from '@contract/internship-score.ts';
import type { RegisterFormat } from '@contract/documents.ts';
import { downloadFile } from '@/components/download/download.ts';
import { cleanSearch, resourceKey, type SearchValues } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

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
export const downloadAppraisal = (target: { ids: readonly string[] } | { search: SearchValues }) =>
  downloadFile(APPRAISAL_URL, 'ids' in target ? { ids: target.ids.join(',') } : cleanSearch(target.search), '实习鉴定表.pdf');

/** 成绩登记表 of a program's scores for one class, as PDF or .xlsx. */
export const downloadScoreRegister = (scope: { programId: string; classId: string }, format: RegisterFormat) =>
  downloadFile(SCORE_REGISTER_URL, { ...scope, format }, `成绩登记表.${format}`);
