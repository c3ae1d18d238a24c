import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, not in its microtasks', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    setTimeout(() => order.push('timer queued after'), 0);
    await task;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
