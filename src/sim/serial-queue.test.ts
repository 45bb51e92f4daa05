import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue.js';

describe('serial queue', () => {
  it('runs the work of one key in arrival order, past a failure, and other keys alongside', async () => {
    const queue = createSerialQueue();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run(7, () =>
      new Promise<string>((resolve) => (releaseFirst = () => resolve('first'))).finally(() => order.push('first')),
    );
    const failing = queue.run(7, async () => {
      order.push('failing');
      throw new Error('boom');
    });
    const second = queue.run(7, async () => (order.push('second'), 'second'));
    const other = queue.run(8, async () => (order.push('other'), 'other'));
    await other;
    expect(order).toEqual(['other']);
    releaseFirst();
    await expect(failing).rejects.toThrow('boom');
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(order).toEqual(['other', 'first', 'failing', 'second']);
    // Once a key's work is all done, new work on it starts at once.
    const later = queue.run(7, async () => (order.push('later'), 'later'));
    expect(order.at(-1)).toBe('later');
    await later;
  });
});
