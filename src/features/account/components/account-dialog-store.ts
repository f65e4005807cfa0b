import { useSyncExternalStore } from 'react';

export type AccountDialog = 'profile' | 'settings' | 'password' | 'role' | 'depart';

/** What has been typed in the open dialog, as text (the desktop's birthday picker converts). */
export type CarriedInput = Record<string, string | undefined>;

interface State {
  open: AccountDialog | null;
  input: CarriedInput;
}

let state: State = { open: null, input: {} };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

/**
 * Which account dialog is open and what has been typed in it, held above the two layouts: crossing
 * the phone breakpoint (a phone turned sideways) closes the desktop dialog and opens the phone sheet
 * with the same input, and back. Memory only: a password never reaches storage.
 */
export const accountDialogStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open: (dialog: AccountDialog) => set({ open: dialog, input: {} }),
  close: () => set({ open: null, input: {} }),
  /** Forms own their values while mounted; this only remembers them for the other layout's form. */
  keep(input: CarriedInput) {
    state = { ...state, input: { ...state.input, ...input } };
  },
};

/** The values a dialog's form opens with: what was typed in the other layout, else the defaults. */
export function openingValues<T extends CarriedInput>(defaults: T): T {
  const typed = Object.fromEntries(Object.entries(state.input).filter(([, value]) => value !== undefined));
  return { ...defaults, ...typed };
}

export const useOpenAccountDialog = () => useSyncExternalStore(accountDialogStore.subscribe, () => accountDialogStore.get().open);
