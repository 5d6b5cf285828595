import type { Redis } from 'ioredis';
import type { Rate } from '../config/index.js';
import { callRedis } from '../redis/circuit.js';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/**
 * The token bucket as one Lua script: Redis runs it atomically, so every instance sharing the
 * server shares the bucket. Time comes from Redis itself so instances with skewed clocks agree.
 * Returns {allowed, tokens × 1000} (Lua numbers become integers on the way out).
 */
const TAKE = `
local limit = tonumber(ARGV[1])
local period_ms = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
local tokens = tonumber(state[1])
local updated = tonumber(state[2])
if tokens == nil then
  tokens = limit
  updated = now
end
tokens = math.min(limit, tokens + math.max(0, now - updated) * limit / period_ms)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(now))
redis.call('PEXPIRE', KEYS[1], period_ms * 2)
return {allowed, math.floor(tokens * 1000)}
`;

/**
 * While Redis is unreachable `take` throws `DependencyUnavailableError` (a 503 with Retry-After)
 * rather than falling back to per-instance buckets: behind N instances those would multiply
 * every limit by N for the whole outage, and the login and sign-up limits guard passwords.
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'quarry:throttle:'): RateLimiter {
  return {
    async take(key: string, rate: Rate): Promise<RateDecision> {
      const periodMs = rate.periodSeconds * 1000;
      const [allowed, milliTokens] = (await callRedis(redis, () => redis.eval(TAKE, 1, prefix + key, rate.limit, periodMs))) as [number, number];
      const tokens = milliTokens / 1000;
      const perSecond = rate.limit / rate.periodSeconds;
      return {
        allowed: allowed === 1,
        limit: rate.limit,
        remaining: Math.floor(tokens),
        resetSeconds: Math.ceil((rate.limit - tokens) / perSecond),
        retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
      };
    },
    async close() {},
  };
}
