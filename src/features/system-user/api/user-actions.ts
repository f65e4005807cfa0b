import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { http } from '@/lib/api-client.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';

/** 冻结 ('2') or 解冻 ('1') the chosen users. */
export const freezeUsers = ({ ids, status }: { ids: string[]; status: '1' | '2' }) => http.put<null>('/sys/user/frozenBatch', { ids: ids.join(','), status });

export function useFreezeUsers() {
  const client = useQueryClient();
  return useMutation({ mutationFn: freezeUsers, onSettled: () => client.invalidateQueries({ queryKey: resourceKey(USER_RESOURCE) }) });
}

export interface ResetPasswordInput {
  username: string;
  password: string;
  confirmpassword: string;
}

/** An administrator sets a new password (PUT /sys/user/changPassword); the user's sessions end. */
export const resetPassword = (input: ResetPasswordInput) => http.put<null>('/sys/user/changPassword', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
