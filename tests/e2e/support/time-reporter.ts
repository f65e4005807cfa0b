import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * Where the browser stage's time goes, per spec file: set-up (fixtures and hooks: browser contexts, pages,
 * beforeAll data), logins (the `登录` steps of support/auth.ts), page loads (goto, reload, waiting for a URL),
 * waits (expect polling until the page shows what it should), actions (clicks, typing, requests) and the
 * rest (the test's own code, gaps between steps), and the run's slowest steps. Written as JSON for scripts/test.mjs to print.
 */

export type TimeShare = 'setup' | 'login' | 'load' | 'wait' | 'act' | 'other';
export type SpecTimes = Record<TimeShare, number>;

const LOAD_STEP = /^(Navigate|Reload|Go back|Go forward|Wait for (navigation|load state|URL))|toHaveURL/i;

export const LOGIN_STEP = '登录';

function share(step: TestStep): TimeShare | null {
  if (step.category === 'hook' || step.category === 'fixture') return 'setup';
  if (step.category === 'test.step') return step.title.startsWith(LOGIN_STEP) ? 'login' : null;
  if (LOAD_STEP.test(step.title)) return 'load';
  if (step.category === 'expect') return 'wait';
  if (step.category === 'pw:api') return 'act';
  return null;
}

export interface SlowStep {
  title: string;
  /** file:line of the step in the spec. */
  at: string;
  ms: number;
}

/** How many of the run's slowest steps are kept: the first places to look for time to cut. */
const SLOW_STEPS_KEPT = 15;

/** Adds each step's time to its share; a test.step of the test's own is opened to count what it does. */
function addSteps(steps: readonly TestStep[], into: SpecTimes, slow: SlowStep[]): number {
  let counted = 0;
  for (const step of steps) {
    const kind = share(step);
    if (kind) {
      into[kind] += step.duration;
      counted += step.duration;
      if (kind !== 'setup') slow.push({ title: step.title, at: step.location ? `${path.basename(step.location.file)}:${step.location.line}` : '', ms: step.duration });
    } else counted += addSteps(step.steps, into, slow);
  }
  return counted;
}

const empty = (): SpecTimes => ({ setup: 0, login: 0, load: 0, wait: 0, act: 0, other: 0 });

export default class TimeReporter implements Reporter {
  private readonly specs = new Map<string, SpecTimes>();
  private slowest: SlowStep[] = [];

  constructor(private readonly options: { outputFile?: string } = {}) {}

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.basename(test.location.file);
    const times = this.specs.get(file) ?? empty();
    const counted = addSteps(result.steps, times, this.slowest);
    this.slowest = this.slowest.sort((a, b) => b.ms - a.ms).slice(0, SLOW_STEPS_KEPT);
    times.other += Math.max(0, result.duration - counted);
    this.specs.set(file, times);
  }

  onEnd(_result: FullResult) {
    const outputFile = this.options.outputFile ?? '.tmp/e2e-time.json';
    mkdirSync(path.dirname(outputFile), { recursive: true });
    writeFileSync(outputFile, JSON.stringify({ specs: Object.fromEntries(this.specs), slowest: this.slowest }, null, 1));
  }

  printsToStdio() {
    return false;
  }
}
