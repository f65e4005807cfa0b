/**
 * What the page's main thread did after its first contentful paint, read from a Lighthouse trace: its
 * tasks' time on the clock (which Lighthouse's simulated TBT multiplies by the CPU slowdown) and their
 * time on the CPU. On a machine whose cores Chromium's other processes, Lighthouse and the server share
 * with the page, the first is often several times the second; the second is what the app's own code costs.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface MainThreadFigures {
  /** The tasks' wall time, in ms. */
  wallMs: number;
  /** Their CPU time, in ms. */
  cpuMs: number;
  /** Σ max(0, slowdown × wall − 50 ms): the blocking time the simulation counts, roughly (it drops some short tasks). */
  wallBlockingMs: number;
  /** Σ max(0, slowdown × CPU − 50 ms): the blocking time the same tasks would give on a phone of their own. */
  cpuBlockingMs: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_TASK_MS = 50;

export function mainThreadAfterFcp(events: TraceEvent[], cpuSlowdown: number): MainThreadFigures | undefined {
  // The paint names the thread: the main frame's renderer main thread.
  const fcp = events.filter((event) => event.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) return undefined;
  const figures: MainThreadFigures = { wallMs: 0, cpuMs: 0, wallBlockingMs: 0, cpuBlockingMs: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || !TASK_NAMES.has(event.name) || event.pid !== fcp.pid || event.tid !== fcp.tid || event.ts < fcp.ts) continue;
    const wall = (event.dur ?? 0) / 1000;
    const cpu = (event.tdur ?? 0) / 1000;
    figures.wallMs += wall;
    figures.cpuMs += cpu;
    figures.wallBlockingMs += Math.max(0, cpuSlowdown * wall - LONG_TASK_MS);
    figures.cpuBlockingMs += Math.max(0, cpuSlowdown * cpu - LONG_TASK_MS);
  }
  return figures;
}
