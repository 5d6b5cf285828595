/**
 * The Firecrawl-compatible bodies as TypeBox schemas: validation, types and the OpenAPI document.
 * Bodies stay open (`additionalProperties`) at the schema level because Firecrawl's clients send
 * keys Quarry accepts without using (`origin`, `integration`); the handlers refuse unknown keys
 * and unsupported options with Firecrawl's 400 body.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';

const open = { additionalProperties: true } as const;

/** Largest `maxAge`: ten years in ms, longer than any cache keeps a page, and far inside a safe integer. */
export const MAX_AGE_MS = 10 * 365 * 86_400_000;

export const FirecrawlError = Type.Object(
  { success: Type.Literal(false), error: Type.String(), code: Type.Optional(Type.String()), details: Type.Optional(Type.Unknown()) },
  { $id: 'FirecrawlError', description: 'Firecrawl error body.' },
);

/** `origin` and `integration`: a client's name for itself, accepted and unused. */
const ClientTag = Type.String({ maxLength: 256 });

/** The longest format name is 19 characters (`screenshot@fullPage`); 32 leaves room for a clear "not supported" answer to a newer one. */
const FormatName = Type.String({ maxLength: 32 });
const Format = Type.Union([FormatName, Type.Object({ type: FormatName }, open)], {
  description:
    '`markdown`, `html`, `rawHtml`, `links` or `json` (a string, or `{"type": …}`); `json` alone is Quarry\'s structured JSON of the page. ' +
    'On scrape only, a chat model writes `{"type": "json", "schema"?, "prompt"?}` (or `json` with v1 `jsonOptions`), `summary` and `{"type": "question", "question"}` (→ `answer`); ' +
    '`screenshot`, `screenshot@fullPage` or `{"type": "screenshot", "fullPage"?, "quality"?, "viewport"?}` render the page and answer the URL of its picture; ' +
    'and `changeTracking` (or `{"type": "changeTracking", "modes"?: ["git-diff"], "tag"?}`; v1 `changeTrackingOptions`) compares the page with the account\'s last scrape of it.',
});

export const scrapeOptionFields = {
  formats: Type.Optional(Type.Array(Format, { maxItems: 20, description: 'Default `["markdown"]`.' })),
  onlyMainContent: Type.Optional(
    Type.Boolean({ description: 'Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…).' }),
  ),
  maxAge: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_AGE_MS,
      description: 'Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape.',
    }),
  ),
  timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000, description: 'Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`.' })),
  waitFor: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 60_000, description: 'ms; > 0 renders the page in the headless browser, which waits for the network to go idle.' }),
  ),
  origin: Type.Optional(ClientTag),
  integration: Type.Optional(ClientTag),
} satisfies TProperties;

export const ScrapeOptions = Type.Object(scrapeOptionFields, { ...open, $id: 'FirecrawlScrapeOptions' });
export type ScrapeOptions = Static<typeof ScrapeOptions>;

export const ScrapeBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 8192 }), ...scrapeOptionFields },
  { ...open, $id: 'FirecrawlScrapeRequest' },
);
export type ScrapeBody = Static<typeof ScrapeBody>;

const Metadata = Type.Object(
  {
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    language: Type.Optional(Type.String()),
    author: Type.Optional(Type.String()),
    sourceURL: Type.String(),
    url: Type.String(),
    statusCode: Type.Integer(),
    contentType: Type.Optional(Type.String()),
    proxyUsed: Type.Optional(Type.String()),
    cacheState: Type.Optional(Type.String()),
    cachedAt: Type.Optional(Type.String()),
    creditsUsed: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
  },
  open,
);

export const FirecrawlDocument = Type.Object(
  {
    markdown: Type.Optional(Type.String()),
    html: Type.Optional(Type.String()),
    rawHtml: Type.Optional(Type.String()),
    links: Type.Optional(Type.Array(Type.String())),
    json: Type.Optional(
      Type.Unknown({
        description: "Quarry's structured JSON of the page (as `data.json` of `POST /api/v1/scrape/`); with a schema or prompt, the JSON the model extracted.",
      }),
    ),
    summary: Type.Optional(Type.String({ description: "The chat model's summary of the page." })),
    answer: Type.Optional(Type.String({ description: "The chat model's answer to the `question` format, from the page alone." })),
    warning: Type.Optional(Type.String()),
    screenshot: Type.Optional(
      Type.String({ description: 'URL of the PNG (JPEG with `quality`) of the rendered page: no API key needed, 404 after `SCREENSHOT_TTL` seconds.' }),
    ),
    changeTracking: Type.Optional(
      Type.Object(
        {
          previousScrapeAt: Type.Union([Type.String(), Type.Null()]),
          changeStatus: Type.String({ description: '`new`, `same`, `changed` or `removed` (the page now answers 404 or 410).' }),
          visibility: Type.String({ description: 'Always `visible`: the page was asked for by URL.' }),
          diff: Type.Optional(Type.Object({ text: Type.String(), json: Type.Unknown() })),
        },
        { description: "The `changeTracking` format: the page compared with this account's last scrape of it (and tag)." },
      ),
    ),
    metadata: Metadata,
  },
  { ...open, $id: 'FirecrawlDocument' },
);

export const ScrapeResponse = Type.Object({ success: Type.Literal(true), data: Type.Ref(FirecrawlDocument) }, { $id: 'FirecrawlScrapeResponse' });

const searchFields = {
  query: Type.String({ minLength: 1, maxLength: 2048 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Results per source; default 5.' })),
  tbs: Type.Optional(Type.String({ maxLength: 200, description: 'qdr:h|d|w|m|y, sbd:1' })),
  location: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
  country: Type.Optional(Type.String({ maxLength: 35 })),
  timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  ignoreInvalidURLs: Type.Optional(Type.Boolean()),
  scrapeOptions: Type.Optional(Type.Ref(ScrapeOptions)),
  origin: Type.Optional(ClientTag),
  integration: Type.Optional(ClientTag),
} satisfies TProperties;

export const SearchBodyV2 = Type.Object(
  {
    ...searchFields,
    sources: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 32 }), Type.Object({ type: Type.String({ maxLength: 32 }) }, open)]), {
        minItems: 1,
        maxItems: 3,
        description: '`web`, `news`, `images`; default `["web"]`.',
      }),
    ),
  },
  { ...open, $id: 'FirecrawlSearchRequestV2' },
);
export type SearchBodyV2 = Static<typeof SearchBodyV2>;

export const SearchBodyV1 = Type.Object(searchFields, { ...open, $id: 'FirecrawlSearchRequestV1' });
export type SearchBodyV1 = Static<typeof SearchBodyV1>;

const SearchHit = Type.Record(Type.String(), Type.Unknown());
export const SearchResponseV2 = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object({ web: Type.Optional(Type.Array(SearchHit)), news: Type.Optional(Type.Array(SearchHit)), images: Type.Optional(Type.Array(SearchHit)) }),
    creditsUsed: Type.Integer(),
  },
  { $id: 'FirecrawlSearchResponseV2' },
);
export const SearchResponseV1 = Type.Object(
  { success: Type.Literal(true), data: Type.Array(SearchHit), creditsUsed: Type.Integer() },
  { $id: 'FirecrawlSearchResponseV1' },
);

export const MapBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 8192 }),
    search: Type.Optional(Type.String({ maxLength: 512, description: 'Only links containing this text (case-insensitive).' })),
    sitemap: Type.Optional(Type.Union([Type.Literal('include'), Type.Literal('skip'), Type.Literal('only')], { description: 'v2; default `include`.' })),
    ignoreSitemap: Type.Optional(Type.Boolean({ description: 'v1 spelling of `sitemap: "skip"`.' })),
    sitemapOnly: Type.Optional(Type.Boolean({ description: 'v1 spelling of `sitemap: "only"`.' })),
    includeSubdomains: Type.Optional(Type.Boolean()),
    ignoreQueryParameters: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, description: 'Default 5000.' })),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
    origin: Type.Optional(ClientTag),
    integration: Type.Optional(ClientTag),
  },
  { ...open, $id: 'FirecrawlMapRequest' },
);
export type MapBody = Static<typeof MapBody>;

export const MapResponseV2 = Type.Object(
  { success: Type.Literal(true), links: Type.Array(Type.Object({ url: Type.String(), title: Type.Optional(Type.String()) })) },
  { $id: 'FirecrawlMapResponseV2' },
);
export const MapResponseV1 = Type.Object({ success: Type.Literal(true), links: Type.Array(Type.String()) }, { $id: 'FirecrawlMapResponseV1' });

/** Longest politeness pause a crawl may ask for between two requests to its host, in seconds. */
const MAX_CRAWL_DELAY_SECONDS = 60;

/** `includePaths`/`excludePaths`: the limits path-patterns.ts checks, here so the schema refuses the rest first. */
const pathPatterns = (description: string) => Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50, description });

export const CrawlBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 8192 }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000, description: 'Most pages fetched (each one charged); default and cap `FIRECRAWL_CRAWL_MAX_PAGES`.' }),
    ),
    maxDiscoveryDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Link hops from the start page (v2).' })),
    maxDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'v1 spelling of `maxDiscoveryDepth`.' })),
    allowExternalLinks: Type.Optional(Type.Boolean({ description: 'Follow links to other hosts; default false.' })),
    crawlEntireDomain: Type.Optional(Type.Boolean()),
    allowBackwardLinks: Type.Optional(Type.Boolean()),
    sitemap: Type.Optional(Type.Union([Type.Literal('include'), Type.Literal('skip'), Type.Literal('only')])),
    ignoreSitemap: Type.Optional(Type.Boolean()),
    includePaths: Type.Optional(pathPatterns('Regular expressions (RE2); only matching links are fetched. At most 50 of 200 characters.')),
    excludePaths: Type.Optional(pathPatterns('Regular expressions (RE2); matching links are not fetched. At most 50 of 200 characters.')),
    regexOnFullURL: Type.Optional(Type.Boolean()),
    delay: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_CRAWL_DELAY_SECONDS,
        description: `Seconds between two requests to the host, at most ${MAX_CRAWL_DELAY_SECONDS}; the larger of it and \`CRAWL_DELAY_MS\` applies.`,
      }),
    ),
    maxConcurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Accepted; the crawler asks one page of a host at a time.' })),
    deduplicateSimilarURLs: Type.Optional(Type.Boolean()),
    ignoreQueryParameters: Type.Optional(Type.Boolean()),
    allowSubdomains: Type.Optional(Type.Boolean()),
    zeroDataRetention: Type.Optional(Type.Boolean()),
    prompt: Type.Optional(Type.String({ maxLength: 10_000 })),
    robotsUserAgent: Type.Optional(Type.String({ maxLength: 256 })),
    scrapeOptions: Type.Optional(Type.Ref(ScrapeOptions)),
    origin: Type.Optional(ClientTag),
    integration: Type.Optional(ClientTag),
  },
  { ...open, $id: 'FirecrawlCrawlRequest' },
);
export type CrawlBody = Static<typeof CrawlBody>;

export const CrawlStarted = Type.Object({ success: Type.Literal(true), id: Type.String(), url: Type.String() }, { $id: 'FirecrawlCrawlStarted' });

export const CrawlStatus = Type.Object(
  {
    success: Type.Literal(true),
    status: Type.String({ description: '`scraping`, `completed`, `failed` or `cancelled`.' }),
    completed: Type.Integer(),
    total: Type.Integer(),
    creditsUsed: Type.Integer(),
    expiresAt: Type.String(),
    next: Type.Optional(Type.String({ description: 'Absolute URL of the next page of `data`; absent on the last page.' })),
    warning: Type.Optional(Type.String()),
    data: Type.Array(Type.Ref(FirecrawlDocument)),
  },
  { $id: 'FirecrawlCrawlStatus' },
);

export const CrawlCancelled = Type.Object({ success: Type.Literal(true), status: Type.Literal('cancelled') }, { $id: 'FirecrawlCrawlCancelled' });

export const CrawlErrors = Type.Object(
  {
    success: Type.Literal(true),
    errors: Type.Array(Type.Object({ id: Type.String(), timestamp: Type.String(), url: Type.String(), error: Type.String() })),
    robotsBlocked: Type.Array(Type.String()),
  },
  { $id: 'FirecrawlCrawlErrors', description: 'Pages that failed, and pages robots.txt disallowed.' },
);

export const CrawlParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
// Query strings are not coerced (Ajv runs with coerceTypes off): numbers come as digit strings.
export const CrawlPageQuery = Type.Object({
  skip: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
});

export const firecrawlSchemas = [
  FirecrawlError,
  ScrapeOptions,
  FirecrawlDocument,
  ScrapeBody,
  ScrapeResponse,
  SearchBodyV1,
  SearchBodyV2,
  SearchResponseV1,
  SearchResponseV2,
  MapBody,
  MapResponseV1,
  MapResponseV2,
  CrawlBody,
  CrawlStarted,
  CrawlStatus,
  CrawlCancelled,
  CrawlErrors,
];
