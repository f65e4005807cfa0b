import { isActionAllowed } from '@contract/permissions.ts';
import { useSession } from '@/lib/session-store.ts';

/** Whether the active role may use a button (SPEC-DECISIONS.md); the server enforces the same rule. */
export function usePermission(code: string): boolean {
  const { permissions } = useSession();
  return isActionAllowed(code, permissions?.auth ?? [], permissions?.allAuth ?? []);
}
