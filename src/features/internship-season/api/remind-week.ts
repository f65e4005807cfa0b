import { useMutation } from '@tanstack/react-query';
import { SEASON_URL, seasonRemindSchema, type SeasonRemindInput, type SeasonRemindResult } from '@contract/season.ts';
import { request } from '@/lib/api-client.ts';

export { seasonRemindSchema };

/** 一键催交: one bell message to every student of the week whose 周记 is not in; the server's message says how many. */
export const remindWeek = (input: SeasonRemindInput) => request<SeasonRemindResult>({ method: 'post', url: SEASON_URL.remind, data: input });

export const useRemindWeek = () => useMutation({ mutationFn: remindWeek });
