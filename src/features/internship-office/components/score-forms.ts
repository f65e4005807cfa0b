import type { ScoreDetail } from '@contract/internship-score.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useAdviserScore, useEvaluate } from '../api/score-api.ts';
import { adviserForm, mentorInput, type AdviserFormValues, type MentorFormValues } from './score-parts.ts';

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
