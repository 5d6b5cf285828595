/**
 * A circuit breaker per engine, after SearXNG's engine suspension: every failure suspends the engine
 * for a time that doubles with each consecutive failure, longer for rate limits and block pages;
 * once the suspension is over, one call goes through as a probe and its outcome closes the breaker
 * or suspends it again for longer.
 */
import type { EngineErrorKind } from './engine.js';

export interface BreakerOptions {
  /** Suspension after a first ordinary failure (timeout, 5xx, network, bad response). Default 1 000 ms. */
  readonly baseSuspensionMs?: number;
  /** Longest suspension for ordinary failures. Default 60 000 ms. */
  readonly maxSuspensionMs?: number;
  /** Suspension after a first rate limit, unless the upstream asked for longer. Default 60 000 ms. */
  readonly rateLimitSuspensionMs?: number;
  /** Suspension after a first captcha/block page or refused key. Default 300 000 ms. */
  readonly blockedSuspensionMs?: number;
  /** Longest suspension for rate limits, blocks and refused keys. Default 3 600 000 ms. */
  readonly maxLongSuspensionMs?: number;
}

export const DEFAULT_BREAKER_OPTIONS: Required<BreakerOptions> = {
  baseSuspensionMs: 1_000,
  maxSuspensionMs: 60_000,
  rateLimitSuspensionMs: 60_000,
  blockedSuspensionMs: 300_000,
  maxLongSuspensionMs: 3_600_000,
};

export type BreakerStatus = 'ok' | 'suspended' | 'probing';

export interface BreakerSnapshot {
  readonly status: BreakerStatus;
  /** While suspended: the time (ms since epoch) the next probe may go through. */
  readonly suspendedUntil?: number;
  readonly consecutiveFailures: number;
}

export interface CircuitBreaker {
  /**
   * Whether a call may start now. While closed every call may; while suspended none may; once the
   * suspension is over exactly one caller gets `true` (the probe) until its outcome is recorded.
   */
  tryAcquire(now: number): boolean;
  recordSuccess(): void;
  recordFailure(kind: EngineErrorKind | 'internal', now: number, retryAfterSeconds?: number): void;
  /** Gives back a probe slot without an outcome (the caller gave up), so another call can probe. */
  release(): void;
  snapshot(now: number): BreakerSnapshot;
}

export function createCircuitBreaker(options: BreakerOptions = {}): CircuitBreaker {
  const settings = { ...DEFAULT_BREAKER_OPTIONS, ...options };
  let consecutiveFailures = 0;
  let suspendedUntil: number | undefined;
  let probeInFlight = false;

  const suspensionMs = (kind: EngineErrorKind | 'internal', retryAfterSeconds: number | undefined): number => {
    const doubling = 2 ** Math.min(consecutiveFailures - 1, 30);
    switch (kind) {
      case 'rate_limited': {
        const backoff = Math.min(settings.rateLimitSuspensionMs * doubling, settings.maxLongSuspensionMs);
        return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
      }
      case 'blocked':
      case 'unauthorized':
        return Math.min(settings.blockedSuspensionMs * doubling, settings.maxLongSuspensionMs);
      default:
        return Math.min(settings.baseSuspensionMs * doubling, settings.maxSuspensionMs);
    }
  };

  return {
    tryAcquire(now) {
      if (suspendedUntil === undefined) return true;
      if (now < suspendedUntil || probeInFlight) return false;
      probeInFlight = true;
      return true;
    },
    recordSuccess() {
      consecutiveFailures = 0;
      suspendedUntil = undefined;
      probeInFlight = false;
    },
    recordFailure(kind, now, retryAfterSeconds) {
      consecutiveFailures++;
      suspendedUntil = now + suspensionMs(kind, retryAfterSeconds);
      probeInFlight = false;
    },
    release() {
      probeInFlight = false;
    },
    snapshot(now) {
      if (suspendedUntil === undefined) return { status: 'ok', consecutiveFailures };
      if (now < suspendedUntil) return { status: 'suspended', suspendedUntil, consecutiveFailures };
      return { status: probeInFlight ? 'probing' : 'ok', consecutiveFailures };
    },
  };
}
