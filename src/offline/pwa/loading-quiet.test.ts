import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AT_MOST_MS, QUIET_MS, loadingQuiet } from './loading-quiet.ts';

/** The page's finished requests, as the PerformanceObserver of 'resource' entries hears of them. */
let requestFinished: () => void;
let loaded: () => void;
let readyState: DocumentReadyState;

beforeEach(() => {
  vi.useFakeTimers();
  readyState = 'interactive';
  vi.stubGlobal('document', {
    get readyState() {
      return readyState;
    },
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') loaded = listener;
    },
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: () => void) {
        requestFinished = callback;
      }
      observe() {}
      disconnect() {
        requestFinished = () => undefined;
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function watched() {
  const state = { quiet: false };
  void loadingQuiet().then(() => (state.quiet = true));
  return state;
}

describe('loadingQuiet', () => {
  it('waits for the load event, then for a second with no request finished', async () => {
    const state = watched();
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(state.quiet).toBe(false);
    readyState = 'complete';
    loaded();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(state.quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.quiet).toBe(true);
  });

  it('starts counting at once on a page already loaded, and each finished request starts it again', async () => {
    readyState = 'complete';
    const state = watched();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    requestFinished();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(state.quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.quiet).toBe(true);
  });

  it('waits no longer than AT_MOST_MS for a page that keeps fetching', async () => {
    readyState = 'complete';
    const state = watched();
    const step = QUIET_MS / 2;
    for (let elapsed = step; elapsed < AT_MOST_MS; elapsed += step) {
      await vi.advanceTimersByTimeAsync(step);
      requestFinished();
    }
    expect(state.quiet).toBe(false);
    // The last request finished half a second ago: only the limit ends the wait now.
    await vi.advanceTimersByTimeAsync(step);
    expect(state.quiet).toBe(true);
  });
});
