import { describe, expect, it } from 'vitest';
import { createHostLimiter } from './host-limiter.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('per-host limiter', () => {
  it('runs at most the cap per host and queues the rest in order', async () => {
    const limiter = createHostLimiter(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run('a.example:443', async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.active('a.example:443')).toBe(2);

    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);

    gates[0]?.resolve();
    gates[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.active('a.example:443')).toBe(0);
  });

  it('keeps hosts independent', async () => {
    const limiter = createHostLimiter(1);
    const gate = deferred();
    const slow = limiter.run('a.example:443', () => gate.promise);
    await expect(limiter.run('b.example:443', async () => 'b')).resolves.toBe('b');
    gate.resolve();
    await slow;
  });

  it('releases the slot when a task fails', async () => {
    const limiter = createHostLimiter(1);
    await expect(limiter.run('a:80', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run('a:80', async () => 'next')).resolves.toBe('next');
  });

  it('drops a waiter whose signal aborts, without running its task', async () => {
    const limiter = createHostLimiter(1);
    const gate = deferred();
    const first = limiter.run('a:80', () => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.run(
      'a:80',
      async () => {
        ran = true;
      },
      controller.signal,
    );
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(limiter.active('a:80')).toBe(0);
  });
});
