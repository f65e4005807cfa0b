import { describe, expect, it } from 'vitest';
import { inTaskOfItsOwn, nextTask } from './next-task.ts';

describe('tasks of their own', () => {
  it('runs the work after the current task, in the order asked', async () => {
    const order: string[] = [];
    inTaskOfItsOwn(() => order.push('first'));
    inTaskOfItsOwn(() => order.push('second'));
    order.push('now');
    await Promise.resolve();
    expect(order).toEqual(['now']);
    await nextTask();
    await nextTask();
    expect(order).toEqual(['now', 'first', 'second']);
  });
});
