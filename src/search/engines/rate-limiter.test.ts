import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine.js';
import { createRateLimiter } from './rate-limiter.js';

describe('upstream rate limiter', () => {
  it('lets a burst of `limit` through at once, then spaces the next ones', async () => {
    const limiter = createRateLimiter({ limit: 2, periodSeconds: 0.2 });
    const started = Date.now();
    await limiter.acquire('x');
    await limiter.acquire('x');
    expect(Date.now() - started).toBeLessThan(50);
    await limiter.acquire('x');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('refuses at once, as rate_limited with the wait, when the queue is longer than allowed', async () => {
    const limiter = createRateLimiter({ limit: 1, periodSeconds: 3, maxWaitMs: 1000 });
    await limiter.acquire('arxiv');
    const started = Date.now();
    const refusal = await limiter.acquire('arxiv').catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(50);
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ engine: 'arxiv', kind: 'rate_limited', retryAfterSeconds: 3 });
  });

  it('gives the turn back when the waiting caller aborts', async () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, periodSeconds: 1, maxWaitMs: 1500, now: () => now });
    await limiter.acquire('x');
    const controller = new AbortController();
    const waiting = limiter.acquire('x', controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    // Had the aborted caller kept its turn, this one would wait 2 s, past the allowed 1.5 s.
    now = 100;
    const next = limiter.acquire('x');
    now = 1000;
    await expect(next).resolves.toBeUndefined();
  });
});
