import { STATUS_CODES } from 'node:http';

/**
 * Why a scrape produced no content, beyond the network failures of `ScrapeNetworkError`:
 * - `target_status`: the target answered, but not with a 2xx page (→ 502; the page is not content).
 * - `unsupported_content`: the target sent a type we do not read (images, archives…) (→ 415).
 * - `challenge`: an anti-bot interstitial stood in front of the page, still there after rendering (→ 502).
 * - `browser_not_installed`: rendering was required but this server has no Chromium (→ 503).
 */
export type ScrapeErrorCode = 'target_status' | 'unsupported_content' | 'challenge' | 'browser_not_installed';

/**
 * A scrape that cannot be answered with content. `message` is always one of our own
 * sentences naming the cause (and at most the target's host and status), so it is safe to
 * show to clients as `{"error": message}`.
 */
export class ScrapeError extends Error {
  override readonly name = 'ScrapeError';

  constructor(
    readonly code: ScrapeErrorCode,
    message: string,
    /** The status the target answered, for `target_status`. */
    readonly targetStatus?: number,
  ) {
    super(message);
  }
}

export function targetStatusError(status: number): ScrapeError {
  const reason = STATUS_CODES[status];
  return new ScrapeError('target_status', `The target answered ${status}${reason ? ` ${reason}` : ''}.`, status);
}

export function unsupportedContentError(contentType: string | undefined): ScrapeError {
  const what = contentType === undefined ? 'binary content without a declared type' : `content of type "${contentType}"`;
  return new ScrapeError('unsupported_content', `The target sent ${what}; only HTML, XHTML, XML, plain text and PDF can be scraped.`);
}

export function challengeError(host: string): ScrapeError {
  return new ScrapeError('challenge', `The target answered with an anti-bot challenge that could not be passed (${host}).`);
}

export function browserNotInstalledError(): ScrapeError {
  return new ScrapeError(
    'browser_not_installed',
    'Rendering was requested, but the headless browser is not installed on this server (install Chromium or set CHROMIUM_PATH).',
  );
}

export function screenshotOfDocumentError(contentType: string | undefined): ScrapeError {
  return new ScrapeError(
    'unsupported_content',
    `Screenshots are taken of HTML pages; the target sent ${contentType === undefined ? 'a document' : `"${contentType}"`}.`,
  );
}
