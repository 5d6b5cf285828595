import { ScrapeNetworkError, type ScrapeNetworkErrorCode } from '../net/errors.js';

const CODE_BY_CHROMIUM_ERROR: readonly [RegExp, ScrapeNetworkErrorCode][] = [
  [/net::ERR_NAME_NOT_RESOLVED|net::ERR_NAME_RESOLUTION_FAILED/, 'dns'],
  [/net::ERR_CONNECTION_REFUSED/, 'refused'],
  [/net::ERR_(ADDRESS|NETWORK|INTERNET)_UNREACHABLE|net::ERR_INTERNET_DISCONNECTED/, 'unreachable'],
  [/net::ERR_CONNECTION_(RESET|CLOSED|ABORTED)|net::ERR_EMPTY_RESPONSE/, 'reset'],
  [/net::ERR_(CERT_|SSL_)|net::ERR_BAD_SSL_CLIENT_AUTH_CERT/, 'tls'],
  [/net::ERR_(CONNECTION_)?TIMED_OUT|Timeout \d+ms exceeded/, 'timeout'],
  [/net::ERR_TOO_MANY_REDIRECTS/, 'too_many_redirects'],
  [/net::ERR_UNSAFE_REDIRECT|net::ERR_UNKNOWN_URL_SCHEME|net::ERR_DISALLOWED_URL_SCHEME/, 'unsupported_scheme'],
];

const MESSAGES: Partial<Record<ScrapeNetworkErrorCode, string>> = {
  dns: 'The host name could not be resolved',
  refused: 'The connection was refused',
  unreachable: 'The target network is unreachable',
  reset: 'The connection was reset by the target',
  tls: 'The TLS handshake failed',
  timeout: 'The page did not load in time',
  too_many_redirects: 'Too many redirects',
  unsupported_scheme: 'The page redirected to an unsupported URL scheme',
};

/**
 * Names the cause of a failed navigation from Chromium's `net::ERR_*` text.
 * Anything unrecognised becomes `browser_failed`, quoting only the net error
 * name (never the whole message, which can carry a call log).
 */
export function navigationError(error: unknown, host: string): ScrapeNetworkError {
  if (error instanceof ScrapeNetworkError) return error;
  const text = error instanceof Error ? error.message : String(error);
  for (const [pattern, code] of CODE_BY_CHROMIUM_ERROR) {
    if (pattern.test(text)) return new ScrapeNetworkError(code, `${MESSAGES[code] ?? 'The page failed'} (${host}).`);
  }
  const netError = /net::ERR_[A-Z_]+/.exec(text)?.[0];
  return new ScrapeNetworkError('browser_failed', `The browser could not load the page (${host}${netError ? `, ${netError}` : ''}).`);
}
