import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdviserScoreInput, MentorEvaluationInput, ScoreDetail } from '@contract/internship-score.ts';
import { SCORE_RESOURCE } from '@contract/internship-score.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';
import { adviserForm, mentorInput, type AdviserFormValues, type MentorFormValues } from '../components/score-parts.ts';

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

/** Sends the mentor's form and says so; a refusal is shown by the API client. */
export function useMentorSubmit(detail: ScoreDetail) {
  const evaluate = useEvaluate();
  const submit = (values: MentorFormValues) =>
    void evaluate
      .mutateAsync({ id: detail.id, input: mentorInput(values) })
      .then(() => notify.success('评价已提交'))
      .catch(() => undefined);
  return { submit, pending: evaluate.isPending };
}

/** The adviser's form (score-parts adviserForm) with its submit. */
export function useAdviserSubmit(detail: ScoreDetail) {
  const save = useAdviserScore();
  const form = adviserForm(detail);
  const submit = (values: AdviserFormValues) =>
    void save
      .mutateAsync({ id: detail.id, input: form.input(values) })
      .then(() => notify.success('评分已保存'))
      .catch(() => undefined);
  return { ...form, submit, pending: save.isPending };
}
