import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Rate } from '../config/index.js';
import { ThrottledError, UnsupportedMediaTypeError } from '../errors.js';
import type { RateDecision, RateLimiter } from '../throttle/rate-limiter.js';
import type { Ledger } from './ledger.js';
import { metered, type Caller, type WorkOutcome } from './metered.js';
import { ClientGoneError } from './metered-errors.js';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export type { Caller, WorkOutcome } from './metered.js';

export interface MeteringOptions {
  /** The `X-API-KEY` authentication hook. */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  readonly ledger: Ledger;
  readonly limiter: RateLimiter;
  readonly keyRate: Rate;
  readonly accountRate: Rate;
  readonly holdTtlSeconds: number;
}

/**
 * The metered-request lifecycle, written once for search, scrape and chat:
 * authenticate `X-API-KEY` (route hook) → throttle → validate (route schema) → hold the
 * maximum cost → do the work → settle (charge the actual cost, release the rest; the charge
 * entry is the usage record) → respond with the credit headers. Failed work charges nothing;
 * a hold whose process dies is released by the sweeper when it expires.
 */
export function createMetering(options: MeteringOptions) {
  const { ledger, limiter } = options;
  // A watch per metered request that holds credits, made at the hold: before it (and for a
  // cache hit, charged in one step) the socket's own state tells whether the client left; the
  // watch's close listener matters only while the hold is written and the work runs. Keyed
  // weakly: it goes with the request.
  const connections = new WeakMap<FastifyRequest, ConnectionWatch>();

  /**
   * Whether the client can still receive an answer. Besides the response's close event: the
   * server ends a socket whose client sent its FIN (Node's HTTP server is not half-open), and a
   * destroyed socket is gone whatever events are still queued. Makes no watch for a client
   * that is still there: a cache hit asks once and needs none.
   */
  function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
    if (connections.get(request)?.gone === true) return true;
    const socket = request.raw.socket as { destroyed?: boolean; writableEnded?: boolean } | null;
    if (!reply.raw.destroyed && socket?.destroyed !== true && socket?.writableEnded !== true) return false;
    connectionOf(request, reply).markGone();
    return true;
  }

  function connectionOf(request: FastifyRequest, reply: FastifyReply): ConnectionWatch {
    let watch = connections.get(request);
    if (watch) return watch;
    const created = new ConnectionWatch();
    watch = created;
    connections.set(request, created);
    const onClose = () => {
      if (!reply.sent && !reply.raw.writableFinished) created.markGone();
    };
    // The response's own close event covers a client that goes away; the socket may carry
    // many keep-alive requests, so no listener is left on it. The response is the request's
    // own and closes once, so `on` does: `once` would wrap and then remove the listener.
    if (reply.raw.destroyed || request.raw.socket?.destroyed === true) onClose();
    else reply.raw.on('close', onClose);
    return created;
  }

  function rateHeaders(reply: FastifyReply, decision: RateDecision): void {
    reply.header('ratelimit-limit', decision.limit);
    reply.header('ratelimit-remaining', decision.remaining);
    reply.header('ratelimit-reset', decision.resetSeconds);
  }

  /** The answer to the two buckets' decisions: the tighter one's headers, and a 429 when either refused. */
  function throttled(reply: FastifyReply, byKey: RateDecision, byAccount: RateDecision): ThrottledError | undefined {
    const tighter = byKey.remaining / byKey.limit <= byAccount.remaining / byAccount.limit ? byKey : byAccount;
    rateHeaders(reply, !byKey.allowed ? byKey : !byAccount.allowed ? byAccount : tighter);
    if (byKey.allowed && byAccount.allowed) return undefined;
    return new ThrottledError(Math.max(byKey.retryAfterSeconds, byAccount.retryAfterSeconds));
  }

  /**
   * Token buckets per key and per account; runs after API-key authentication. With in-process
   * buckets both decisions are at hand at once, and the request goes on without a promise.
   */
  function throttle(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const key = request.apiKey!;
    const byKey = limiter.take(`key:${key.keyId}`, options.keyRate);
    const byAccount = limiter.take(`account:${key.userId}`, options.accountRate);
    if (byKey instanceof Promise || byAccount instanceof Promise) {
      Promise.all([byKey, byAccount])
        .then(([k, a]) => throttled(reply, k, a))
        .then(done, done);
    } else {
      done(throttled(reply, byKey, byAccount));
    }
  }

  /**
   * The caller of a request that passed `X-API-KEY` authentication (or of a surface that checked
   * its own key: `key`), watched for a client that goes away. The watch (and its close listener)
   * is made only when the work asks for the signal: a cache hit, charged in one step, needs none.
   */
  function callerOf(request: FastifyRequest, reply: FastifyReply, key: { readonly userId: number; readonly keyId: number } = request.apiKey!): Caller {
    return {
      accountId: key.userId,
      keyId: key.keyId,
      requestId: request.id,
      get signal() {
        return connectionOf(request, reply).signal;
      },
      gone: () => clientGone(request, reply),
    };
  }

  /** The two buckets of a key checked at a surface's edge; throws ThrottledError (with the tighter wait) when either refuses. */
  async function admit(reply: FastifyReply, key: { readonly userId: number; readonly keyId: number }): Promise<void> {
    const byKey = limiter.take(`key:${key.keyId}`, options.keyRate);
    const byAccount = limiter.take(`account:${key.userId}`, options.accountRate);
    // In-process buckets decide at once: no promise to wait for.
    const refused =
      byKey instanceof Promise || byAccount instanceof Promise
        ? throttled(reply, ...(await Promise.all([byKey, byAccount])))
        : throttled(reply, byKey, byAccount);
    if (refused) throw refused;
  }

  /** Runs metered work for a caller (see `metered`): no HTTP, no headers. */
  function meter<T>(
    caller: Caller,
    endpoint: string,
    maxCost: number,
    work: (signal: AbortSignal) => Promise<WorkOutcome<T>>,
    known?: () => Promise<WorkOutcome<T> | undefined>,
  ) {
    return metered({ ledger, holdTtlSeconds: options.holdTtlSeconds }, caller, endpoint, maxCost, work, known);
  }

  /**
   * Runs `work` inside a hold; the common case of a metered JSON endpoint. `known`, when
   * given, is tried first: an outcome it returns (a cache hit) is charged in one step. The
   * REST adapter of `metered`: the caller is the request, the charge goes to the credit headers.
   */
  async function run<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    maxCost: number,
    work: (signal: AbortSignal) => Promise<WorkOutcome<T>>,
    known?: () => Promise<WorkOutcome<T> | undefined>,
  ): Promise<T> {
    const result = await meter(callerOf(request, reply), endpoint, maxCost, work, known);
    reply.header('x-credits-used', result.charged);
    reply.header('x-credits-remaining', result.balance);
    return result.body;
  }

  /** Metered endpoints take JSON bodies only (the contract); anything else is DRF's 415. */
  function requireJson(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const type = request.headers['content-type'] ?? '';
    done(JSON_TYPE.test(type) ? undefined : new UnsupportedMediaTypeError(type));
  }

  return {
    run,
    meter,
    callerOf,
    admit,
    /** Route options every metered endpoint uses: authenticate → throttle, then JSON only. */
    hooks: { onRequest: [options.authenticate, throttle], preValidation: requireJson },
  };
}

export type Metering = ReturnType<typeof createMetering>;

/**
 * Whether a metered request's client went away. The AbortSignal that work listens to is made
 * only when work asks for it: a cache hit, charged in one step, needs just the flag, and an
 * AbortController (an EventTarget) per request was a visible share of the hot path.
 */
class ConnectionWatch {
  gone = false;
  #reason: ClientGoneError | undefined;
  #controller: AbortController | undefined;

  /** Made when first needed: an Error captures a stack trace. */
  get reason(): ClientGoneError {
    return (this.#reason ??= new ClientGoneError());
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.gone) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  markGone(): void {
    if (this.gone) return;
    this.gone = true;
    this.#controller?.abort(this.reason);
  }
}
