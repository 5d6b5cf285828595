import type { Redis } from 'ioredis';
import { DependencyUnavailableError } from '../errors.js';

/**
 * How long a client is told to wait (`Retry-After`) while Redis is down: long enough not to
 * hammer a recovering deployment, short enough that clients are back soon after Redis is.
 */
const REDIS_RETRY_AFTER_SECONDS = 5;

interface Circuit {
  /** Redis is known to be down: the connection closed and has not been ready since. */
  open: boolean;
}

const circuits = new WeakMap<Redis, Circuit>();

/**
 * The circuit of one connection, following its events. A connection that never connected yet
 * is not known to be down: its first commands wait for it (bounded by its `commandTimeout`).
 */
function circuitOf(redis: Redis): Circuit {
  const known = circuits.get(redis);
  if (known) return known;
  const circuit: Circuit = { open: redis.status === 'close' || redis.status === 'reconnecting' || redis.status === 'end' };
  redis.on('close', () => (circuit.open = true));
  redis.on('ready', () => (circuit.open = false));
  circuits.set(redis, circuit);
  return circuit;
}

/** Whether commands on this connection fail at once (Redis known down). */
export function isRedisDown(redis: Redis): boolean {
  return circuitOf(redis).open;
}

/**
 * Runs one Redis command for a request. While Redis is known to be down it fails at once
 * instead of queueing behind reconnection attempts (which took 1–4 s and then failed anyway);
 * a connection failure or timeout becomes `DependencyUnavailableError`, which every surface
 * answers as a 503 with `Retry-After`. A reply error is Redis answering, so it stays a bug.
 */
export async function callRedis<T>(redis: Redis, command: () => Promise<T>): Promise<T> {
  if (circuitOf(redis).open) throw new DependencyUnavailableError('redis', REDIS_RETRY_AFTER_SECONDS);
  try {
    return await command();
  } catch (error) {
    if (error instanceof Error && error.name === 'ReplyError') throw error;
    throw new DependencyUnavailableError('redis', REDIS_RETRY_AFTER_SECONDS, { cause: error });
  }
}
