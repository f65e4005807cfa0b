import { useState } from 'react';
import type { ResourceRow } from './resource-api.ts';

/**
 * The add/edit form a resource page has open, and what has been typed in it, kept by the page above
 * its two layouts: crossing the phone breakpoint swaps the antd table for the antd-mobile list, and
 * the other layout's form opens with the same input. Form values are the same in both layouts.
 */
export interface FormCarry {
  /** The form open now (row null: adding), or null. */
  open(): { row: ResourceRow | null } | null;
  /** What was typed in the open form, or null when nothing yet. */
  typed(): Record<string, unknown> | null;
  opened(row: ResourceRow | null): void;
  keep(values: Record<string, unknown>): void;
  closed(): void;
}

export function createFormCarry(): FormCarry {
  let open: { row: ResourceRow | null } | null = null;
  let typed: Record<string, unknown> | null = null;
  return {
    open: () => open,
    typed: () => typed,
    opened(row) {
      open = { row };
      typed = null;
    },
    keep(values) {
      typed = values;
    },
    closed() {
      open = null;
      typed = null;
    },
  };
}

/** The hook of a resource page with two renderings (components/device-page.tsx): the open form moves to the other layout with the page. */
export function useFormCarry() {
  const [carry] = useState(createFormCarry);
  return { carry };
}
