/**
 * The app's own reloads and departures (an update, a role switch, logout). They are meant, so the
 * leave warning for records still waiting to be sent stays quiet for them.
 */
let leavingOnPurpose = false;

export function reloadPage(): void {
  leavingOnPurpose = true;
  window.location.reload();
}

export function leavePage(url: string): void {
  leavingOnPurpose = true;
  window.location.assign(url);
}

export const isLeavingOnPurpose = () => leavingOnPurpose;
