import { InvalidInputError } from '../errors.js';
import { SCRAPE_FORMATS, type RenderMode, type ScrapeFormat, type ScrapeRequestBody } from './schemas.js';

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
  if (url === undefined) throw InvalidInputError.field('url', INVALID_URL_MESSAGE);
  url.hash = '';
  return {
    input: {
      url: url.href,
      formats: SCRAPE_FORMATS.filter((format) => body.formats.includes(format)),
      render: body.render ?? 'auto',
    },
    useCache: body.use_cache ?? true,
    sourceUrl,
  };
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
