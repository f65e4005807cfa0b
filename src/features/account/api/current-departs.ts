import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentDeparts, UserInfo } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';

export const getCurrentDeparts = () => http.get<CurrentDeparts>('/sys/user/getCurrentUserDeparts');
export const currentDepartsQuery = () => queryOptions({ queryKey: ['current-departs'], queryFn: getCurrentDeparts });

export const selectDepart = (orgCode: string) =>
  http.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username: sessionStore.get().userInfo?.username }).then((r) => {
    sessionStore.saveUserInfo(r.userInfo);
    return r;
  });

export function useSelectDepart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: selectDepart, onSuccess: () => client.invalidateQueries({ queryKey: ['current-departs'] }) });
}
