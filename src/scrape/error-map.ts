import { meteredFailure } from '../credits/index.js';
import { ApiError, type ErrorMapper } from '../http/errors.js';
import { ExtractionError } from './extract/index.js';
import { ScrapeNetworkError, type ScrapeNetworkErrorCode } from './net/index.js';
import { ScrapeError, type ScrapeErrorCode } from './errors.js';

const NETWORK_STATUS: Record<ScrapeNetworkErrorCode, number> = {
  invalid_url: 400,
  unsupported_scheme: 400,
  blocked_address: 400,
  dns: 502,
  refused: 502,
  unreachable: 502,
  reset: 502,
  tls: 502,
  timeout: 504,
  // Nobody is listening any more; the status only reaches the access log.
  aborted: 499,
  too_large: 502,
  too_many_redirects: 502,
  bad_response: 502,
  browser_unavailable: 503,
  browser_failed: 502,
};

const SCRAPE_STATUS: Record<ScrapeErrorCode, number> = {
  target_status: 502,
  unsupported_content: 415,
  challenge: 502,
  browser_not_installed: 503,
};

/**
 * The scrape failures as HTTP answers. Refused targets (a non-public address, or a redirect
 * to one or to another scheme) are the caller's input problem: 400 under `url`, like any
 * invalid field. Everything the target or the browser did wrong is `{"error": "…"}` with
 * 502/504/415/503 (a corrupt or locked PDF included). The messages are the network layer's
 * and our own fixed sentences: they name the cause and the host, never a secret, a stack or
 * page content.
 */
export const scrapeErrorMapper: ErrorMapper = (error) => {
  if (error instanceof ScrapeNetworkError) {
    const status = NETWORK_STATUS[error.code];
    // The request's own URL passed `parseScrapeRequest`, so a bad scheme or URL here is a redirect's.
    if (status === 400) return new ApiError(status, { url: [error.message] });
    return meteredFailure(status, error.message);
  }
  if (error instanceof ScrapeError) return meteredFailure(SCRAPE_STATUS[error.code], error.message);
  if (error instanceof ExtractionError) return meteredFailure(502, `The target's document could not be read: ${error.message}`);
  return undefined;
};
