import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentRoles, UserInfo } from '@contract/session.ts';
import { http } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';

export const getCurrentRoles = () => http.get<CurrentRoles>('/sys/user/getCurrentUserRoles');
export const currentRolesQuery = () => queryOptions({ queryKey: ['current-roles'], queryFn: getCurrentRoles });

export const selectRole = (roleId: string) =>
  http.post<{ userInfo: UserInfo }>('/sys/selectRole', { orgCode: roleId, username: sessionStore.get().userInfo?.username }).then((r) => {
    sessionStore.saveUserInfo(r.userInfo);
    return r;
  });

export function useSelectRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: selectRole, onSuccess: () => client.invalidateQueries({ queryKey: ['current-roles'] }) });
}
