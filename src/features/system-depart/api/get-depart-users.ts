import { useQuery } from '@tanstack/react-query';
import { DEPART_RESOURCE, type DepartUser } from '@contract/depart.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { http } from '@/lib/api-client.ts';

/** The department's users come from the user administration's call (system:user:list). */
const USER_LIST = 'system:user:list';

/** The users of one department. */
export const getDepartUsers = (id: string) => http.get<DepartUser[]>('/sys/user/queryUserByDepId', { id });

/** Under the departments' key, so every change to them reloads it; asked only by who may read users. */
export function useDepartUsers(id: string) {
  const canSee = usePermission(USER_LIST);
  return { ...useQuery({ queryKey: [...resourceKey(DEPART_RESOURCE), 'users', id], queryFn: () => getDepartUsers(id), enabled: canSee }), canSee };
}
