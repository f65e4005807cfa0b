import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CellInput } from '@contract/practice-score.ts';
import { DraftSaver, RETRY_MS, SAVE_PAUSE_MS, type SaveState } from './draft-saver.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function saverWith(answers: (() => Promise<{ savedAt: string }>)[]) {
  const sent: CellInput[][] = [];
  const states: SaveState['kind'][] = [];
  const saver = new DraftSaver(
    (cells) => {
      sent.push(cells);
      return answers.shift()!();
    },
    (state) => states.push(state.kind),
  );
  return { saver, sent, states };
}
const saved = () => Promise.resolve({ savedAt: '2026-11-27T04:00:00.000Z' });
/** Shaped as the API client's ApiError. */
const apiError = (message: string, status: number | undefined) => Object.assign(new Error(message), { status, unreached: status === undefined });
const offline = () => Promise.reject(apiError('网络连接失败', undefined));

describe('the draft saver', () => {
  it('sends the cells typed within a pause in one batch, the last value of each', async () => {
    const { saver, sent, states } = saverWith([saved]);
    saver.change('a', '8');
    saver.change('a', '85');
    saver.change('b', '90');
    expect(states).toEqual(['saving']);
    await vi.advanceTimersByTimeAsync(SAVE_PAUSE_MS);
    expect(sent).toEqual([[{ studentId: 'a', value: '85' }, { studentId: 'b', value: '90' }]]);
    expect(saver.state.kind).toBe('saved');
    expect(saver.unsaved).toBe(false);
  });

  it('keeps a failed batch under what was typed since (newer values win), and sends it with the next change', async () => {
    const { saver, sent } = saverWith([offline, saved]);
    saver.change('a', '85');
    saver.change('b', '90');
    await vi.advanceTimersByTimeAsync(SAVE_PAUSE_MS);
    expect(saver.state).toMatchObject({ kind: 'failed', message: '网络连接失败', final: false });
    saver.change('b', '91');
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(sent[1]).toEqual([{ studentId: 'a', value: '85' }, { studentId: 'b', value: '91' }]);
    expect(saver.state.kind).toBe('saved');
  });

  it('stops trying when the server refuses for good (the sheet was locked)', async () => {
    const locked = () => Promise.reject(apiError('成绩单已提交（已锁定），不能修改', 409));
    const { saver, sent } = saverWith([locked]);
    saver.change('a', '85');
    expect(await saver.flush()).toBe(false);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 2);
    expect(sent).toHaveLength(1);
    expect(saver.state).toMatchObject({ kind: 'failed', final: true });
    expect(saver.unsaved).toBe(true);
  });
});
