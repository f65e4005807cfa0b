/** Whether the person asked the system for less motion (an accessibility setting): popups and sheets then appear at once. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
