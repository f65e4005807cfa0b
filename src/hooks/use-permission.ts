import { isActionAllowed } from '@contract/permissions.ts';
import { useSession } from '@/lib/session-store.ts';

/** Whether the active role may use a button (SPEC-DECISIONS.md); the server enforces the same rule. */
export function usePermission(code: string): boolean {
  return useAllowed()(code);
}

/** The same question for any number of buttons (a list's row actions, a resource's declared actions). */
export function useAllowed(): (code: string) => boolean {
  const { permissions } = useSession();
  return (code) => isActionAllowed(code, permissions?.auth ?? [], permissions?.allAuth ?? []);
}
