/**
 * Why a call to the LLM upstream failed, in terms the HTTP edge can map once:
 * - `timeout`: the total deadline or the first-byte deadline passed (→ 504).
 * - `unavailable`: connection refused/reset, 5xx after retries, a malformed body,
 *   or a stream that broke off or reported an error mid-way (→ 502).
 * - `rate_limited`: the upstream still answered 429 after our retries, or asked us to
 *   wait longer than we are willing to (→ 503 with `Retry-After` when known).
 * - `rejected`: the upstream refused the request with a 4xx other than 429. A 400/413/422
 *   is about the conversation (e.g. too long for the model's context) and is the client's
 *   to fix (→ 400); 401/403/404 mean our own configuration is wrong (→ 502).
 * - `aborted`: our caller cancelled (client went away); there is nobody to answer.
 */
export type UpstreamErrorKind = 'timeout' | 'unavailable' | 'rate_limited' | 'rejected' | 'aborted';

export interface UpstreamErrorDetails {
  /** HTTP status the upstream answered with, when it answered at all. */
  upstreamStatus?: number;
  /** OpenAI-style machine code (e.g. `context_length_exceeded`), only when it is a plain identifier. */
  upstreamCode?: string;
  /** Seconds the upstream asked us to wait, when it said so. */
  retryAfterSeconds?: number;
  /** Low-level cause for the log (network error codes); never the upstream's body. */
  cause?: unknown;
}

const SAFE_MESSAGES: Record<UpstreamErrorKind, string> = {
  timeout: 'The chat upstream did not answer in time.',
  unavailable: 'The chat upstream is unavailable.',
  rate_limited: 'The chat upstream is rate limited; try again later.',
  rejected: 'The chat upstream rejected the request.',
  aborted: 'The chat request was cancelled.',
};

/**
 * A failed upstream call. `message` is always one of our own fixed sentences (optionally
 * with a plain machine code), so it can be shown to clients: it never carries the
 * upstream's raw text, nor the API key, nor the upstream URL.
 */
export class UpstreamError extends Error {
  readonly code = 'upstream_error';
  readonly kind: UpstreamErrorKind;
  readonly upstreamStatus: number | undefined;
  readonly upstreamCode: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: UpstreamErrorKind, details: UpstreamErrorDetails = {}) {
    // A 404 from an OpenAI-compatible API nearly always means a base URL without its version path.
    const suffix =
      kind === 'rejected' && details.upstreamStatus === 404
        ? ' (404: the upstream URL may lack its version path, such as /v1)'
        : details.upstreamCode === undefined
          ? ''
          : ` (${details.upstreamCode})`;
    super(SAFE_MESSAGES[kind].replace(/\.$/, `${suffix}.`), details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'UpstreamError';
    this.kind = kind;
    this.upstreamStatus = details.upstreamStatus;
    this.upstreamCode = details.upstreamCode;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/**
 * The HTTP status Quarry answers with for an upstream failure (the edge owns the body:
 * `{"error": err.message}`). `aborted` maps to 499 for logs only; the client is gone.
 */
export function upstreamErrorStatus(error: UpstreamError): number {
  switch (error.kind) {
    case 'timeout':
      return 504;
    case 'unavailable':
      return 502;
    case 'rate_limited':
      return 503;
    case 'rejected':
      return isConversationProblem(error.upstreamStatus) ? 400 : 502;
    case 'aborted':
      return 499;
  }
}

function isConversationProblem(status: number | undefined): boolean {
  return status === 400 || status === 413 || status === 422;
}

/**
 * Chat configuration that cannot work (a negative price, a base URL that is not http(s)).
 * Thrown by factories at start, so a bad deployment fails loudly before serving.
 */
export class ChatConfigError extends Error {
  readonly code = 'chat_config_invalid';

  constructor(message: string) {
    super(message);
    this.name = 'ChatConfigError';
  }
}

/**
 * Chat was called but no upstream is configured (`CHAT_UPSTREAM_URL` unset). A deployment
 * choice, not a failure: the edge answers 503 and names the missing setting, nothing else.
 */
export class ChatNotConfiguredError extends Error {
  readonly code = 'chat_not_configured';

  constructor() {
    super('Chat is not configured on this server (CHAT_UPSTREAM_URL is not set).');
    this.name = 'ChatNotConfiguredError';
  }
}
