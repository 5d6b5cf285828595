/**
 * Why a scrape could not reach or read its target. The lead maps these codes to
 * HTTP answers at the edge (400 for input problems, 403 for refused targets,
 * 502/504 for upstream failures); the messages are safe to show to the caller:
 * they name the cause and the target host, never a secret or a stack.
 */
export type ScrapeNetworkErrorCode =
  /** The URL could not be parsed. */
  | 'invalid_url'
  /** The URL's scheme is not http: or https:. */
  | 'unsupported_scheme'
  /** The target (or a redirect hop, or a sub-resource) is a private, loopback or otherwise non-public address. */
  | 'blocked_address'
  /** The host name does not resolve (ENOTFOUND, EAI_AGAIN). */
  | 'dns'
  /** The target refused the TCP connection. */
  | 'refused'
  /** No route to the target network or host. */
  | 'unreachable'
  /** The connection was reset or closed mid-exchange. */
  | 'reset'
  /** The TLS handshake failed (bad certificate, protocol mismatch). */
  | 'tls'
  /** Connect, header, body or total time cap reached. */
  | 'timeout'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The (decompressed) body is larger than the configured cap. */
  | 'too_large'
  /** More redirects than the cap, or a redirect loop. */
  | 'too_many_redirects'
  /** The target answered with something we cannot read (corrupt compression, unknown encoding, redirect without Location). */
  | 'bad_response'
  /** The browser engine is not installed or could not start. */
  | 'browser_unavailable'
  /** The browser could not load the page for a reason other than the above. */
  | 'browser_failed';

export class ScrapeNetworkError extends Error {
  override readonly name = 'ScrapeNetworkError';

  constructor(
    readonly code: ScrapeNetworkErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isScrapeNetworkError(value: unknown): value is ScrapeNetworkError {
  return value instanceof ScrapeNetworkError;
}
