import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import type { Feature } from '../../src/feature.js';
import { ApiError } from '../../src/http/errors.js';

class WorkFailed extends Error {}

/**
 * A metered endpoint for proving the lifecycle before the real ones exist: it holds `hold`
 * credits, waits `delay_ms` (abortable), optionally fails, optionally goes through the result
 * cache, and charges `cost`. `runs` counts the pieces of work actually done.
 */
export function meteredTestFeature() {
  const state = { runs: 0 };
  const feature: Feature = {
    name: 'metered-test',
    errorMappers: [(error) => (error instanceof WorkFailed ? new ApiError(502, { error: 'The test upstream failed.' }) : undefined)],
    register({ app, metering, cached }) {
      app.post(
        '/api/v1/test/metered',
        {
          ...metering.hooks,
          schema: {
            body: Type.Object({
              cost: Type.Integer({ minimum: 0, maximum: 1000, default: 1 }),
              hold: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
              delay_ms: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
              // Time spent before the hold, as a slow key check or throttle round trip takes.
              before_hold_ms: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
              fail: Type.Boolean({ default: false }),
              cache_key: Type.Optional(Type.String()),
              use_cache: Type.Boolean({ default: true }),
            }),
          },
        },
        async (request, reply) => {
          const body = request.body;
          if (body.before_hold_ms > 0) await sleep(body.before_hold_ms);
          const cacheRequest = { endpoint: 'test', key: body.cache_key, ttlSeconds: 60, useCache: body.use_cache };
          // A cache hit is charged in one ledger step (no hold), as the real cached routes do.
          const known = async () => {
            if (body.cache_key === undefined) return undefined;
            const value = await cached.lookup<{ ok: boolean; run: number }>(reply, cacheRequest);
            return value === undefined ? undefined : { body: value, cost: body.cost };
          };
          return metering.run(
            request,
            reply,
            'test',
            body.hold ?? body.cost,
            async (signal) => {
              const work = async (workSignal: AbortSignal) => {
                state.runs += 1;
                if (body.delay_ms > 0) await sleep(body.delay_ms, undefined, { signal: workSignal });
                if (body.fail) throw new WorkFailed();
                return { ok: true, run: state.runs };
              };
              if (body.cache_key === undefined) return { body: await work(signal), cost: body.cost };
              const result = await cached(reply, { ...cacheRequest, signal }, work);
              return { body: result.value, cost: body.cost };
            },
            known,
          );
        },
      );
    },
  };
  return { feature, state };
}
