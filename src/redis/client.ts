import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { callRedis, isRedisDown } from './circuit.js';

/**
 * A Redis outage must not hold a request for the 1–4 s of ioredis's defaults (a command waited
 * through reconnection attempts, then failed). Once the connection is known down (closed,
 * refused), `callRedis` refuses at once without trying (see circuit.ts). A Redis that stops
 * answering without closing the connection costs a command at most `commandTimeout`: 1 s, not
 * less, because the timer also fires when this process's own event loop stalled that long, and a
 * stall must not turn healthy answers into 503s. A connection attempt gives up after 1 s, and
 * reconnection is retried at least every second, so service resumes within about a second of
 * Redis returning.
 */
const REDIS_CLIENT_OPTIONS: RedisOptions = {
  lazyConnect: false,
  // Commands issued while the very first connection is being made wait for it (bounded by commandTimeout).
  enableOfflineQueue: true,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  connectTimeout: 1000,
  retryStrategy: (attempts: number) => Math.min(100 * attempts, 1000),
};

/** The deployment's Redis connection (ioredis is loaded only when REDIS_URL is set). */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, REDIS_CLIENT_OPTIONS);
  isRedisDown(redis); // follows the connection's events from its first attempt on
  logOutages(redis, log);
  await firstAttempt(redis);
  return redis;
}

/** One warning when Redis becomes unreachable and one line when it is back, not one per retry. */
function logOutages(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  let lastError: unknown;
  redis.on('error', (error: unknown) => (lastError = error));
  redis.on('close', () => {
    if (down || redis.status === 'end') return; // 'end': closed on purpose (shutdown)
    down = true;
    log.warn({ err: lastError }, 'redis unreachable: metered calls and logins answer 503 until it returns');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('redis reachable again');
  });
}

/** Resolves once the first connection attempt succeeded or failed: the app starts either way. */
function firstAttempt(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
  });
}

/** The readiness check: fails at once while the connection is down, else within the command timeout. */
export async function pingRedis(redis: Redis): Promise<void> {
  await callRedis(redis, () => redis.ping());
}
