/**
 * A phone's start is cut into tasks short enough not to block a tap (evaluating a large library, adding
 * a page's preload links, the first render). These name the cut.
 */

/** Runs `work` in a task of its own, once the current one has ended. */
export function inTaskOfItsOwn(work: () => unknown): void {
  setTimeout(() => void work(), 0);
}

/** `await nextTask()` ends the current task; what follows runs in the next. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
