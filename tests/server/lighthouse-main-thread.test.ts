import { describe, expect, it } from 'vitest';
import { mainThreadAfterFcp, type TraceEvent } from '../../scripts/lighthouse-main-thread.ts';

const MAIN = { pid: 1, tid: 2 };
const task = (ts: number, durMs: number, cpuMs: number, thread = MAIN): TraceEvent => ({ name: 'RunTask', ph: 'X', ...thread, ts, dur: durMs * 1000, tdur: cpuMs * 1000 });

describe('the main thread after first paint, from a Lighthouse trace', () => {
  it("sums the paint's thread's tasks from the paint on, on the clock and on the CPU, and what each would block at the slowdown", () => {
    const events: TraceEvent[] = [
      task(500, 90, 90),
      { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 1_000 },
      task(2_000, 30, 10),
      task(40_000, 5, 5),
      task(50_000, 200, 200, { pid: 1, tid: 9 }),
      { name: 'FunctionCall', ph: 'X', ...MAIN, ts: 2_100, dur: 20_000, tdur: 8_000 },
    ];
    expect(mainThreadAfterFcp(events, 4)).toEqual({ wallMs: 35, cpuMs: 15, wallBlockingMs: 70, cpuBlockingMs: 0 });
  });

  it('has nothing to say of a trace without a first paint', () => {
    expect(mainThreadAfterFcp([task(2_000, 30, 10)], 4)).toBeUndefined();
  });
});
