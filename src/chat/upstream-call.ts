import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamError } from './errors.js';

/**
 * One upstream call's cancellation and failure classification: the caller's signal, the total
 * deadline, the first-byte deadline, and which network failures are worth another try.
 */

// Failures of the connection itself, before any response: safe to try again.
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

export interface CallControl {
  readonly signal: AbortSignal;
  classify(error: unknown): UpstreamError;
  wait(ms: number): Promise<void>;
  fitsBeforeDeadline(ms: number): boolean;
  firstByteArrived(): void;
  cancel(): void;
  dispose(): void;
}

/** One call's cancellation: the caller's signal, the total deadline and the first-byte deadline. */
export function createCallControl(callerSignal: AbortSignal | undefined, timeoutMs: number, firstByteTimeoutMs: number | undefined): CallControl {
  const controller = new AbortController();
  const deadline = Date.now() + timeoutMs;
  const abortWith = (kind: 'timeout' | 'aborted') => {
    if (!controller.signal.aborted) controller.abort(new UpstreamError(kind));
  };
  const onCallerAbort = () => abortWith('aborted');
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const totalTimer = setTimeout(() => abortWith('timeout'), timeoutMs);
  let firstByteTimer = firstByteTimeoutMs === undefined ? undefined : setTimeout(() => abortWith('timeout'), firstByteTimeoutMs);

  return {
    signal: controller.signal,
    classify(error) {
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted) return reason instanceof UpstreamError ? reason : new UpstreamError('aborted');
      if (error instanceof UpstreamError) return error;
      return new UpstreamError('unavailable', { cause: networkCause(error) });
    },
    async wait(ms) {
      await sleep(ms, undefined, { signal: controller.signal });
    },
    fitsBeforeDeadline(ms) {
      return Date.now() + ms < deadline;
    },
    firstByteArrived() {
      if (firstByteTimer !== undefined) clearTimeout(firstByteTimer);
      firstByteTimer = undefined;
    },
    cancel: onCallerAbort,
    dispose() {
      clearTimeout(totalTimer);
      if (firstByteTimer !== undefined) clearTimeout(firstByteTimer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

export function isRetryableNetworkError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Keeps the network error's code for the log and drops its message (it names hosts and ports). */
function networkCause(error: unknown): Error {
  const cause = new Error(errorCode(error) ?? 'upstream connection failed');
  cause.name = error instanceof Error ? error.name : 'Error';
  return cause;
}
