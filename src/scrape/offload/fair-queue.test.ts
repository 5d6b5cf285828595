import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

/** Takes tasks until none may start, finishing each at once: the order a one-thread pool runs them in. */
function runOrder(queue: FairQueue<string>): string[] {
  const order: string[] = [];
  for (let next = queue.take(); next !== undefined; next = queue.take()) {
    order.push(next.task);
    queue.finish(next.owner);
  }
  return order;
}

describe('the worker pool’s fair queue', () => {
  it('serves owners in turn: one owner’s backlog waits behind its own tasks, not in front of others', () => {
    const queue = new FairQueue<string>(1);
    for (const task of ['a1', 'a2', 'a3', 'a4']) queue.enqueue('alice', task);
    queue.enqueue('bob', 'b1');
    queue.enqueue('', 'shared1');
    queue.enqueue('bob', 'b2');
    expect(queue.waiting).toBe(7);
    expect(runOrder(queue)).toEqual(['a1', 'b1', 'shared1', 'a2', 'b2', 'a3', 'a4']);
    expect(queue.waiting).toBe(0);
  });

  it('a newcomer is served next after the task running now, however long the backlog ahead of it', () => {
    const queue = new FairQueue<string>(1);
    for (let n = 1; n <= 100; n++) queue.enqueue('alice', `a${n}`);
    const first = queue.take();
    expect(first?.task).toBe('a1');
    queue.enqueue('bob', 'b1');
    queue.finish('alice');
    expect(queue.take()?.task).toBe('b1');
  });

  it('never gives one owner more threads than its share, leaving the rest for others', () => {
    // Three threads: an owner may hold two, so the third stays free for anyone else.
    const queue = new FairQueue<string>(2);
    for (const task of ['a1', 'a2', 'a3']) queue.enqueue('alice', task);
    expect(queue.take()?.task).toBe('a1');
    expect(queue.take()?.task).toBe('a2');
    expect(queue.take()).toBeUndefined();
    queue.enqueue('bob', 'b1');
    expect(queue.take()?.task).toBe('b1');
    queue.finish('alice');
    expect(queue.take()?.task).toBe('a3');
  });

  it('lets a caller that gave up leave the line, and drains what waits at shutdown', () => {
    const queue = new FairQueue<string>(1);
    queue.enqueue('alice', 'a1');
    queue.enqueue('alice', 'a2');
    queue.enqueue('bob', 'b1');
    expect(queue.remove('alice', 'a1')).toBe(true);
    expect(queue.remove('alice', 'a1')).toBe(false);
    expect(queue.waiting).toBe(2);
    const started = queue.take();
    expect(started?.task).toBe('a2');
    expect(queue.remove('alice', 'a2')).toBe(false);
    expect(queue.drain()).toEqual(['b1']);
    expect(queue.waiting).toBe(0);
    expect(queue.take()).toBeUndefined();
  });

  it('refuses a share below one thread', () => {
    expect(() => new FairQueue<string>(0)).toThrow(RangeError);
  });
});
