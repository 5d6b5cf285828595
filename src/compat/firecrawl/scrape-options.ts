/**
 * Firecrawl's scrape options, checked and turned into what Quarry's scrape does. Options Quarry
 * honours change the scrape; options that cannot change Quarry's answer are accepted; options that
 * would change Firecrawl's answer in a way Quarry cannot reproduce are refused with a 400 naming
 * them, never silently dropped.
 */
import type { RenderMode } from '../../scrape/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';

export const FIRECRAWL_FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'json'] as const;
export type FirecrawlFormat = (typeof FIRECRAWL_FORMATS)[number];

export type FormatSpec = string | { readonly type: string; readonly [key: string]: unknown };

export interface ScrapeOptionsInput {
  formats?: FormatSpec[];
  onlyMainContent?: boolean;
  maxAge?: number;
  timeout?: number;
  waitFor?: number;
  [key: string]: unknown;
}

/** A scrape as Quarry will run it. */
export interface ResolvedScrapeOptions {
  readonly formats: readonly FirecrawlFormat[];
  /** `markdown` and `html` hold the main content (Firecrawl's default), else the whole cleaned page. */
  readonly onlyMainContent: boolean;
  readonly render: RenderMode;
  /** Oldest cached copy accepted, in ms; undefined → whatever the cache holds (`SCRAPE_CACHE_TTL`). */
  readonly maxAgeMs?: number;
  readonly timeoutMs?: number;
}

/** Keys whose value changes nothing Quarry returns (or asks for what Quarry does anyway). */
const ACCEPTED = new Set([
  'formats',
  'onlyMainContent',
  'maxAge',
  'timeout',
  'waitFor',
  'origin',
  'integration',
  'skipTlsVerification',
  'removeBase64Images',
  'blockAds',
  'storeInCache',
  'fastMode',
  'zeroDataRetention',
  'minAge',
  'useMock',
  'proxy',
  'mobile',
  'parsers',
  'actions',
  'includeTags',
  'excludeTags',
  'headers',
  'location',
  'jsonOptions',
]);

/** Why each option Quarry cannot honour is refused when it asks for something. */
const REFUSED: Record<string, string> = {
  actions: 'page actions are not supported',
  includeTags: 'includeTags is not supported (Quarry chooses the main content itself)',
  excludeTags: 'excludeTags is not supported (Quarry chooses the main content itself)',
  headers: 'custom request headers are not supported',
  location: 'location (geo-targeted proxies) is not supported',
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function formatName(spec: FormatSpec, field: string): FirecrawlFormat {
  const type = typeof spec === 'string' ? spec : spec.type;
  if (!(FIRECRAWL_FORMATS as readonly string[]).includes(type)) {
    throw badRequest(`${field}: format "${String(type)}" is not supported; supported formats are ${FIRECRAWL_FORMATS.join(', ')}`);
  }
  if (typeof spec === 'object' && type === 'json' && (spec.prompt !== undefined || spec.schema !== undefined)) {
    throw badRequest(`${field}: json with a prompt or schema (LLM extraction) is not supported; {"type": "json"} returns Quarry's structured JSON of the page`);
  }
  return type as FirecrawlFormat;
}

/**
 * Checks `options` (a scrape body, or a search's / crawl's `scrapeOptions`) and resolves them.
 * `where` prefixes messages (`scrapeOptions.`); `browserAvailable` decides whether `waitFor` can be met.
 * `defaultFormats` is `['markdown']` for scrape and crawl, `[]` (no scraping) for search.
 */
export function resolveScrapeOptions(
  options: ScrapeOptionsInput,
  where: string,
  browserAvailable: boolean,
  defaultFormats: readonly FirecrawlFormat[],
  extraKeys: ReadonlySet<string> = new Set(),
): ResolvedScrapeOptions {
  const unknown = unknownKeys(options, new Set([...ACCEPTED, ...extraKeys]));
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.map((key) => where + key).join(', ')}`);
  for (const [key, reason] of Object.entries(REFUSED)) if (!isEmpty(options[key])) throw badRequest(`${where}${key}: ${reason}`);
  if (options.mobile === true) throw badRequest(`${where}mobile: mobile emulation is not supported`);
  if (options.proxy !== undefined && options.proxy !== 'basic' && options.proxy !== 'auto')
    throw badRequest(`${where}proxy: only "basic" and "auto" are supported`);
  if (
    options.parsers !== undefined &&
    !(
      Array.isArray(options.parsers) &&
      options.parsers.every(
        (parser) =>
          parser === 'pdf' ||
          (typeof parser === 'object' && parser !== null && (parser as { type?: unknown }).type === 'pdf' && Object.keys(parser).length === 1),
      )
    )
  ) {
    throw badRequest(`${where}parsers: only the default PDF parser is supported`);
  }
  if (options.jsonOptions !== undefined)
    throw badRequest(`${where}jsonOptions: LLM extraction is not supported; the json format returns Quarry's structured JSON of the page`);

  const formats = options.formats === undefined ? defaultFormats : [...new Set(options.formats.map((spec, i) => formatName(spec, `${where}formats[${i}]`)))];
  const waitFor = options.waitFor ?? 0;
  if (waitFor > 0 && !browserAvailable) throw badRequest(`${where}waitFor: waiting for a page needs the headless browser, which this server does not have`);
  if (waitFor > 0 && options.timeout !== undefined && waitFor > options.timeout / 2) throw badRequest(`${where}waitFor must not exceed half of timeout`);
  return {
    formats: FIRECRAWL_FORMATS.filter((format) => formats.includes(format)),
    onlyMainContent: options.onlyMainContent !== false,
    // A page worth waiting for is rendered; the browser then waits for its network to go quiet.
    render: waitFor > 0 ? 'always' : 'auto',
    ...(options.maxAge === undefined ? {} : { maxAgeMs: options.maxAge }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
  };
}
