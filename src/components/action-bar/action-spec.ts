/**
 * A button of a form or a screen declared once for both layouts (ActionBar, ActionBarPhone): its name, its
 * weight, its state and what it does, asked first when it cannot be undone. No UI library here.
 */
export interface ActionSpec {
  key: string;
  label: string;
  /** The main action (last on the phone, under the thumb), or one that throws work away; plain without. */
  tone?: 'primary' | 'danger';
  loading?: boolean;
  disabled?: boolean;
  /** Asked first (a popover on the desktop, a dialog on the phone); ok names the confirming button. */
  confirm?: { title: string; ok: string };
  run: () => unknown;
}

/** The phone puts the main action last, nearest the thumb; the desktop reads them in their declared order. */
export const phoneOrder = (actions: readonly ActionSpec[]) => [...actions.filter((a) => a.tone !== 'primary'), ...actions.filter((a) => a.tone === 'primary')];
