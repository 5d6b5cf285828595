/**
 * Brave Search API (its own index) for web, news, images and videos:
 * `GET <base>/res/v1/<vertical>/search` with `X-Subscription-Token`. Pages are `count` results
 * (web ≤ 20, news and videos ≤ 50) at `offset` page numbers 0–9; images take only `count` (≤ 200).
 * Field names follow shared/reference/protocols.md §7.2 (brave/brave-search-mcp-server).
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineRequest, type EngineResult, type SearchEngine } from '../engine.js';
import { formatQuery, type QueryFeature } from '../query.js';
import type { ItemVertical } from '../verticals.js';
import { arrayAt, countAt, defined, httpUrl, isObject, objectAt, parseDate, plainText, stringAt } from './json-read.js';
import { collectNumberedPages, limitCovering, rangeOf } from './paging.js';
import { isoDay } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';
import { retryAfterSeconds } from './http.js';

const NAME = 'brave';
export const BRAVE_DEFAULT_URL = 'https://api.search.brave.com';

type BraveVertical = 'web' | 'news' | 'images' | 'videos';

/** Largest `count` per vertical; `offset` (a page number) goes up to 9 except for images, which have none. */
const MAX_COUNT: Readonly<Record<BraveVertical, number>> = { web: 20, news: 50, images: 200, videos: 50 };
const MAX_OFFSET = 9;

/** Brave's documented operators (search-operators help page): quotes, -, OR, site:, filetype:/ext:, intitle:. */
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase', 'exclude', 'or', 'site', 'filetype', 'intitle']);

/** The `country` values Brave accepts; others search all countries. */
const COUNTRIES = new Set('ar au at be br ca cl dk fi fr de hk in id it jp kr my mx nl nz no cn pl pt ph ru sa za es se ch tw tr gb us'.split(' '));

/** The `search_lang` values Brave accepts. */
const LANGUAGES = new Set(
  'ar eu bn bg ca zh-hans zh-hant hr cs da nl en en-gb et fi fr gl de gu he hi hu is it jp kn ko lv lt ms ml mr nb pl pt-br pt-pt pa ro ru sr sk sl es sv ta te th tr uk vi'.split(
    ' ',
  ),
);

const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  ja: 'jp',
  zh: 'zh-hans',
  'zh-cn': 'zh-hans',
  'zh-sg': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  pt: 'pt-br',
  no: 'nb',
  iw: 'he',
};

export function braveCountry(country: string): string {
  const code = country.toLowerCase() === 'uk' ? 'gb' : country.toLowerCase();
  return COUNTRIES.has(code) ? code.toUpperCase() : 'ALL';
}

export function braveLanguage(lang: string | undefined): string | undefined {
  if (lang === undefined) return undefined;
  const lower = lang.toLowerCase().replace('_', '-');
  const candidate = LANGUAGE_ALIASES[lower] ?? (LANGUAGES.has(lower) ? lower : (lower.split('-')[0] ?? ''));
  const aliased = LANGUAGE_ALIASES[candidate] ?? candidate;
  return LANGUAGES.has(aliased) ? aliased : undefined;
}

const FRESHNESS = { d: 'pd', w: 'pw', m: 'pm', y: 'py' } as const;

/** `pd|pw|pm|py` for the windows Brave names, a day range (widened to whole days) for the others. */
export function braveFreshness(request: EngineRequest, now: number): string | undefined {
  const recent = request.tbs?.recent;
  if (recent !== undefined && recent.count === 1 && recent.unit !== 'h') return FRESHNESS[recent.unit];
  const { since, until } = request.window;
  if (since === undefined && until === undefined) return undefined;
  const from = since ?? new Date(0);
  const to = until ?? new Date(now);
  return `${isoDay(from)}to${isoDay(to)}`;
}

/** When a 429 does not say Retry-After: Brave's `X-RateLimit-Reset` of the exhausted window (per second, per month). */
function braveRetryAfter(headers: Headers): number | undefined {
  const explicit = retryAfterSeconds(headers.get('retry-after'));
  if (explicit !== undefined) return explicit;
  const resets = (headers.get('x-ratelimit-reset') ?? '').split(',').map((part) => Number(part.trim()));
  const remaining = (headers.get('x-ratelimit-remaining') ?? '').split(',').map((part) => Number(part.trim()));
  const exhausted = remaining.findIndex((left) => left === 0);
  const reset = resets[exhausted >= 0 ? exhausted : 0];
  return reset !== undefined && Number.isFinite(reset) && reset >= 0 ? reset : undefined;
}

function toHit(vertical: BraveVertical, entry: unknown): EngineHit<ItemVertical> | undefined {
  const title = plainText(stringAt(entry, 'title'));
  const url = httpUrl(stringAt(entry, 'url'));
  if (title === undefined || url === undefined) return undefined;
  const published = parseDate(stringAt(entry, 'page_age'));
  const dated = published === undefined ? {} : { publishedAt: published };
  const description = plainText(stringAt(entry, 'description'));
  const thumbnail = httpUrl(stringAt(objectAt(entry, 'thumbnail'), 'src'));
  switch (vertical) {
    case 'web':
      return { item: defined({ title, url, description }), ...dated };
    case 'news': {
      const meta = objectAt(entry, 'meta_url');
      return {
        item: defined({
          title,
          link: url,
          snippet: description,
          publisher: stringAt(objectAt(entry, 'profile'), 'name') ?? stringAt(meta, 'hostname'),
          imageUrl: thumbnail,
        }),
        ...dated,
      };
    }
    case 'images': {
      const properties = objectAt(entry, 'properties');
      const imageUrl = httpUrl(stringAt(properties, 'url'));
      if (imageUrl === undefined) return undefined;
      const width = countAt(properties, 'width');
      const height = countAt(properties, 'height');
      return {
        item: defined({
          title,
          imageUrl,
          imageWidth: width === 0 ? undefined : width,
          imageHeight: height === 0 ? undefined : height,
          thumbnailUrl: thumbnail,
          link: url,
          source: stringAt(entry, 'source') ?? stringAt(objectAt(entry, 'meta_url'), 'hostname'),
        }),
        ...dated,
      };
    }
    case 'videos': {
      const video = objectAt(entry, 'video');
      const duration = stringAt(video, 'duration');
      return {
        item: defined({
          title,
          link: url,
          snippet: description,
          duration: duration !== undefined && /^\d{1,2}(:\d{2}){1,2}$/.test(duration) ? duration : undefined,
          channel: stringAt(video, 'creator') ?? stringAt(objectAt(video, 'author'), 'name'),
          imageUrl: thumbnail,
        }),
        ...dated,
      };
    }
  }
}

export interface BraveOptions extends UpstreamEngineOptions {
  /** Default `Date.now` (for custom freshness ranges). */
  readonly now?: () => number;
}

export function createBraveEngine(options: BraveOptions): SearchEngine {
  // The free plan allows 1 query per second; paid plans raise it (BRAVE_RATE).
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 1 }, keyed: true });
  const baseUrl = options.baseUrl ?? BRAVE_DEFAULT_URL;
  const now = options.now ?? Date.now;

  async function fetchPage(request: EngineRequest, vertical: BraveVertical, count: number, offset: number | undefined, apiKey: string, signal: AbortSignal) {
    const url = endpoint(baseUrl, `res/v1/${vertical}/search`);
    url.searchParams.set('q', formatQuery(request.query, OPERATORS));
    url.searchParams.set('count', String(count));
    if (offset !== undefined) url.searchParams.set('offset', String(offset));
    url.searchParams.set('country', braveCountry(request.country));
    const lang = braveLanguage(request.lang);
    if (lang !== undefined) url.searchParams.set('search_lang', lang);
    if (!request.autocorrect) url.searchParams.set('spellcheck', 'false');
    const freshness = vertical === 'images' ? undefined : braveFreshness(request, now());
    if (freshness !== undefined) url.searchParams.set('freshness', freshness);
    const body = await http.json({
      url,
      signal,
      headers: { 'x-subscription-token': apiKey, 'accept-encoding': 'gzip' },
      explainStatus: (status, _text, headers) => {
        if (status !== 429) return undefined;
        const wait = braveRetryAfter(headers);
        return new EngineError(NAME, 'rate_limited', 'rate limited (HTTP 429)', wait === undefined ? {} : { retryAfterSeconds: wait });
      },
    });
    if (!isObject(body) || typeof body.type !== 'string') throw new EngineError(NAME, 'bad_response', 'answer is not a Brave search response');
    // Web results sit under `web`, absent when nothing matched; the other verticals answer `results`.
    const entries = vertical === 'web' ? (arrayAt(objectAt(body, 'web'), 'results') ?? []) : arrayAt(body, 'results');
    if (entries === undefined) throw new EngineError(NAME, 'bad_response', 'answer has no results array');
    return entries.flatMap((entry) => {
      const hit = toHit(vertical, entry);
      return hit === undefined ? [] : [hit];
    });
  }

  return defineEngine({
    name: NAME,
    verticals: ['web', 'news', 'images', 'videos'],
    operators: OPERATORS,
    recency: ['d', 'w', 'm', 'y'],
    sortsByDate: false,
    configured: () => options.apiKey !== undefined && options.apiKey !== '',
    notConfigured: 'BRAVE_API_KEY is not set',
    async search(request, signal): Promise<EngineResult> {
      const apiKey = options.apiKey ?? '';
      const vertical = request.vertical;
      const range = rangeOf(request);
      let hits: EngineHit<ItemVertical>[];
      if (vertical === 'images') {
        const all = await fetchPage(request, vertical, limitCovering(range, MAX_COUNT.images), undefined, apiKey, signal);
        hits = all.slice(range.start, range.start + range.count);
      } else {
        const pageSize = Math.min(request.num, MAX_COUNT[vertical]);
        hits = await collectNumberedPages(range, pageSize, MAX_OFFSET + 1, (pageNumber) =>
          fetchPage(request, vertical, pageSize, pageNumber - 1, apiKey, signal),
        );
      }
      return { vertical, hits } as EngineResult;
    },
  });
}
