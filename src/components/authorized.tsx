import type { ReactNode } from 'react';
import { usePermission } from '@/hooks/use-permission.ts';

/** Renders its children only when the active role may use the action (the old v-has directive). */
export function Authorized({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(code) ? children : fallback;
}
