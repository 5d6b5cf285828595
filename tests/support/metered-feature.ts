import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { meteredCached } from '../../src/credits/metered-cached.js';
import type { AppParts } from '../../src/app.js';
import type { Feature } from '../../src/feature.js';
import { ApiError } from '../../src/http/errors.js';

class WorkFailed extends Error {}

const MeteredTestBody = Type.Object({
  cost: Type.Integer({ minimum: 0, maximum: 1000, default: 1 }),
  hold: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  delay_ms: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
  // Time spent before the hold, as a slow key check or throttle round trip takes.
  before_hold_ms: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
  fail: Type.Boolean({ default: false }),
  cache_key: Type.Optional(Type.String()),
  use_cache: Type.Boolean({ default: true }),
});

/**
 * A metered endpoint for proving the lifecycle before the real ones exist: it holds `hold`
 * credits, waits `delay_ms` (abortable), optionally fails, optionally goes through the result
 * cache, and charges `cost`. `runs` counts the pieces of work actually done.
 */
export function meteredTestFeature() {
  const state = { runs: 0 };
  const feature = ({ services: { metering }, deps: { cached } }: AppParts): Feature => ({
    name: 'metered-test',
    errorMappers: [(error) => (error instanceof WorkFailed ? new ApiError(502, { error: 'The test upstream failed.' }) : undefined)],
    register({ app }) {
      app.post('/api/v1/test/metered', { ...metering.hooks, schema: { body: MeteredTestBody } }, async (request, reply) => {
        const body = request.body;
        if (body.before_hold_ms > 0) await sleep(body.before_hold_ms);
        const work = async (workSignal: AbortSignal) => {
          state.runs += 1;
          if (body.delay_ms > 0) await sleep(body.delay_ms, undefined, { signal: workSignal });
          if (body.fail) throw new WorkFailed();
          return { ok: true, run: state.runs };
        };
        const maxCost = body.hold ?? body.cost;
        if (body.cache_key === undefined) {
          return metering.run(request, reply, 'test', maxCost, async (signal) => ({ body: await work(signal), cost: body.cost }));
        }
        // Through the result cache as the real cached routes go: a hit is charged in one ledger step.
        return meteredCached(
          { metering, cached },
          { request, reply, endpoint: 'test', maxCost },
          {
            cache: { endpoint: 'test', key: body.cache_key, ttlSeconds: 60, useCache: body.use_cache },
            work,
            price: ({ value }) => ({ body: value, cost: body.cost }),
          },
        );
      });
      // The metered call's stages, one route each, so a benchmark can price every stage on its
      // own: the app's global hooks only; + authentication, throttle and body validation; + the
      // cache lookup. The last answers what a metered hit answers, without its charge.
      app.post('/api/v1/test/stage/plain', { schema: { body: MeteredTestBody } }, async () => ({ ok: true, run: 1 }));
      app.post('/api/v1/test/stage/authenticated', { ...metering.hooks, schema: { body: MeteredTestBody } }, async () => ({ ok: true, run: 1 }));
      app.post('/api/v1/test/stage/cached', { ...metering.hooks, schema: { body: MeteredTestBody } }, async (request) => {
        const cache = { endpoint: 'test', key: request.body.cache_key, ttlSeconds: 60, useCache: true };
        return (await cached.lookup(cache)) ?? { ok: false };
      });
    },
  });
  return { feature, state };
}
