import { InvalidInputError } from '../errors.js';
import { SCRAPE_FORMATS, type RenderMode, type ScrapeFormat, type ScrapeRequestBody } from './schemas.js';
import { screenshotSpecOf } from './screenshots/request.js';
import type { ScreenshotSpec } from './screenshots/spec.js';

/** The contract's message for a URL that is not a fully qualified http(s) URL (DRF's URLField). */
export const INVALID_URL_MESSAGE = 'Enter a valid URL.';

/**
 * What decides a scrape's answer, in canonical form: the same page asked for in the same
 * formats gives the same input, whatever the order or repetition of `formats` or the
 * URL's fragment. It is also the cache key.
 */
export interface ScrapeInput {
  /** Absolute http(s) URL as the WHATWG parser writes it, without fragment. */
  readonly url: string;
  /** Distinct, in a fixed order. */
  readonly formats: readonly ScrapeFormat[];
  readonly render: RenderMode;
  /** Also a picture of the rendered page (then `render` is `always`). Such a scrape is never cached: the image is the account's. */
  readonly screenshot?: ScreenshotSpec;
}

export interface ParsedScrapeRequest {
  readonly input: ScrapeInput;
  readonly useCache: boolean;
  /** The URL exactly as the client sent it (trimmed), reported as `metadata.source_url`. */
  readonly sourceUrl: string;
}

/**
 * Checks what the schema cannot (a fully qualified http/https URL, as DRF's URLField would)
 * and normalises the request. Throws `InvalidInputError` → 400 `{"url": ["Enter a valid URL."]}`.
 */
export function parseScrapeRequest(body: ScrapeRequestBody): ParsedScrapeRequest {
  const sourceUrl = body.url.trim();
  const url = parseHttpUrl(sourceUrl);
  if (url === undefined) throw InvalidInputError.field('url', invalidUrlMessage(sourceUrl));
  url.hash = '';
  const screenshot = screenshotSpecOf(body);
  return {
    input: {
      url: url.href,
      formats: SCRAPE_FORMATS.filter((format) => body.formats.includes(format)),
      // A picture of the page needs the page rendered.
      render: screenshot === undefined ? (body.render ?? 'auto') : 'always',
      ...(screenshot === undefined ? {} : { screenshot }),
    },
    useCache: body.use_cache ?? true,
    sourceUrl,
  };
}

/**
 * The contract's message, and for an address written without its scheme (`example.com/page`,
 * `127.0.0.1:8732/x`) the URL that was probably meant: https for a name, http for a loopback
 * or IP address, where a local service rarely has a certificate.
 */
function invalidUrlMessage(raw: string): string {
  const meant = withScheme(raw);
  return meant === undefined ? INVALID_URL_MESSAGE : `${INVALID_URL_MESSAGE} Did you mean ${meant}? Start the URL with http:// or https://.`;
}

/** A host (a dotted name, `localhost` or an IPv4 address), an optional port, then a path, query or nothing. */
const SCHEMELESS = /^(localhost|\d{1,3}(?:\.\d{1,3}){3}|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

function withScheme(raw: string): string | undefined {
  const host = SCHEMELESS.exec(raw)?.[1];
  if (host === undefined) return undefined;
  const scheme = /^(?:localhost|[\d.]+)$/i.test(host) ? 'http://' : 'https://';
  return parseHttpUrl(scheme + raw)?.href;
}

function parseHttpUrl(raw: string): URL | undefined {
  // The WHATWG parser forgives `http:example.com` and `http:/x`; a fully qualified URL spells out `//`.
  if (!/^https?:\/\/[^/?#\s]/i.test(raw) || /\s/.test(raw)) return undefined;
  try {
    const url = new URL(raw);
    return url.hostname === '' ? undefined : url;
  } catch {
    return undefined;
  }
}
