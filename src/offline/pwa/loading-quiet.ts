/** How long the page must fetch nothing before its loading counts as done. */
export const QUIET_MS = 1_000;
/** A page that keeps fetching (a poll, a slow list) waits no longer than this after its load event. */
export const AT_MOST_MS = 10_000;

/**
 * Resolves once the page has loaded and then finished no request for QUIET_MS, or AT_MOST_MS after
 * its load event. The app's pages come in lazily loaded files and their data after the load event,
 * so the event alone says little about when a phone's link and cores are free again.
 */
export function loadingQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      const done = () => {
        clearTimeout(quiet);
        clearTimeout(atMost);
        observer.disconnect();
        resolve();
      };
      let quiet = setTimeout(done, QUIET_MS);
      const atMost = setTimeout(done, AT_MOST_MS);
      const observer = new PerformanceObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, QUIET_MS);
      });
      observer.observe({ type: 'resource' });
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
}
