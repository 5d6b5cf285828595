/**
 * SearXNG (a self-hosted metasearch instance) through its JSON API: `GET /search?format=json`
 * and `GET /autocompleter`. The instance must list `json` in `search.formats` of its settings.yml;
 * otherwise it answers 403, which is reported as exactly that.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineRequest, type EngineResult, type SearchEngine } from '../engine.js';
import { ALL_QUERY_FEATURES, formatQuery, type QueryFeature } from '../query.js';
import { formatDuration } from '../relative-time.js';
import type { ItemVertical, Vertical } from '../verticals.js';
import { arrayAt, defined, httpUrl, numberAt, objectAt, parseDate, plainText, stringAt, strings } from './json-read.js';
import { rangeOf } from './paging.js';
import { coveringRange } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

export interface SearxngOptions extends UpstreamEngineOptions {
  /** Upstream result pages fetched at most to fill one request. Default 5. */
  readonly maxPages?: number;
  /** Default `Date.now` (for mapping time windows onto `time_range`). */
  readonly now?: () => number;
}

const NAME = 'searxng';

const CATEGORIES: Readonly<Partial<Record<Vertical, string>>> = {
  web: 'general',
  news: 'news',
  images: 'images',
  videos: 'videos',
  scholar: 'science',
  places: 'map',
};

const TIME_RANGE = { d: 'day', w: 'week', m: 'month', y: 'year' } as const;

/** Verticals whose SearXNG engines (Google, Bing, DuckDuckGo…) understand the full query syntax. */
const SYNTAX_VERTICALS: ReadonlySet<Vertical> = new Set(['web', 'news', 'images', 'videos']);

const NO_FEATURES: ReadonlySet<QueryFeature> = new Set();

export const JSON_DISABLED_MESSAGE =
  'SearXNG answered 403 Forbidden to format=json: JSON output is disabled on this instance. Add json to search.formats in its settings.yml (search: formats: [html, json]).';

function explainStatus(status: number): EngineError | undefined {
  if (status === 403) return new EngineError(NAME, 'unauthorized', JSON_DISABLED_MESSAGE);
  if (status === 401)
    return new EngineError(NAME, 'unauthorized', 'SearXNG answered 401: the instance (or a proxy in front of it) requires credentials in SEARXNG_URL');
  return undefined;
}

function publishedAt(result: unknown): Date | undefined {
  return parseDate(stringAt(result, 'publishedDate') ?? stringAt(result, 'pubdate'));
}

function resolution(result: unknown): { imageWidth?: number; imageHeight?: number } {
  const match = /^(\d+)\s*[x×]\s*(\d+)$/.exec(stringAt(result, 'resolution') ?? '');
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return match && width > 0 && height > 0 ? { imageWidth: width, imageHeight: height } : {};
}

function videoLength(result: unknown): string | undefined {
  const seconds = numberAt(result, 'length');
  if (seconds !== undefined && typeof (result as Record<string, unknown>).length === 'number') return formatDuration(seconds);
  const text = stringAt(result, 'length');
  return text !== undefined && /^\d{1,2}(:\d{2}){1,2}$/.test(text) ? text : undefined;
}

function addressOf(result: unknown): string | undefined {
  const address = objectAt(result, 'address');
  if (address === undefined) return undefined;
  const street = [stringAt(address, 'house_number'), stringAt(address, 'road')].filter(Boolean).join(' ');
  const town = [stringAt(address, 'postcode'), stringAt(address, 'locality')].filter(Boolean).join(' ');
  const parts = [street, town, stringAt(address, 'country') ?? ''].filter((part) => part !== '');
  return parts.length === 0 ? undefined : parts.join(', ');
}

function toHit(vertical: ItemVertical, result: unknown): EngineHit<ItemVertical> | undefined {
  const title = plainText(stringAt(result, 'title'));
  const url = httpUrl(stringAt(result, 'url'));
  if (title === undefined || url === undefined) return undefined;
  const content = plainText(stringAt(result, 'content'));
  const date = publishedAt(result);
  const dated = date === undefined ? {} : { publishedAt: date };
  switch (vertical) {
    case 'web':
      return { item: defined({ title, url, description: content }), ...dated };
    case 'news':
      return {
        item: defined({ title, link: url, snippet: content, imageUrl: httpUrl(stringAt(result, 'thumbnail') ?? stringAt(result, 'img_src')) }),
        ...dated,
      };
    case 'images': {
      const imageUrl = httpUrl(stringAt(result, 'img_src'));
      if (imageUrl === undefined) return undefined;
      const source = stringAt(result, 'source') ?? new URL(url).hostname;
      return {
        item: defined({ title, imageUrl, ...resolution(result), thumbnailUrl: httpUrl(stringAt(result, 'thumbnail_src')), link: url, source }),
        ...dated,
      };
    }
    case 'videos':
      return {
        item: defined({
          title,
          link: url,
          snippet: content,
          duration: videoLength(result),
          channel: stringAt(result, 'author'),
          imageUrl: httpUrl(stringAt(result, 'thumbnail')),
        }),
        ...dated,
      };
    case 'scholar': {
      const authors = strings(arrayAt(result, 'authors'));
      return {
        item: defined({
          title,
          link: url,
          snippet: content,
          authors: authors.length > 0 ? authors.join(', ') : undefined,
          publication: stringAt(result, 'journal') ?? stringAt(result, 'publisher'),
          year: date?.getUTCFullYear(),
          pdfUrl: httpUrl(stringAt(result, 'pdf_url')),
        }),
        ...dated,
      };
    }
    case 'places': {
      const latitude = numberAt(result, 'latitude');
      const longitude = numberAt(result, 'longitude');
      return {
        item: defined({
          title,
          address: addressOf(result),
          latitude: latitude !== undefined && Math.abs(latitude) <= 90 ? latitude : undefined,
          longitude: longitude !== undefined && Math.abs(longitude) <= 180 ? longitude : undefined,
        }),
      };
    }
    case 'shopping':
    case 'patents':
      return undefined;
  }
}

/** Engines that failed inside SearXNG, as `[engine, reason]` pairs. */
function unresponsive(body: unknown): string[] {
  return (arrayAt(body, 'unresponsive_engines') ?? []).flatMap((entry) =>
    Array.isArray(entry) && typeof entry[0] === 'string' ? [`${entry[0]}: ${String(entry[1] ?? 'error')}`] : [],
  );
}

export function createSearxngEngine(options: SearxngOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 5, periodSeconds: 1 }, keyed: false });
  const maxPages = options.maxPages ?? 5;
  const now = options.now ?? Date.now;

  async function searchPage(
    request: EngineRequest,
    baseUrl: string,
    pageno: number,
    signal: AbortSignal,
  ): Promise<{ results: readonly unknown[]; failures: string[] }> {
    const url = endpoint(baseUrl, 'search');
    const syntax = SYNTAX_VERTICALS.has(request.vertical) ? ALL_QUERY_FEATURES : NO_FEATURES;
    const q = formatQuery(request.query, syntax);
    // Map engines are geocoders: the location narrows the place search as part of the text.
    url.searchParams.set('q', request.vertical === 'places' && request.location !== undefined ? `${q} ${request.location}` : q);
    url.searchParams.set('format', 'json');
    url.searchParams.set('categories', CATEGORIES[request.vertical] ?? 'general');
    url.searchParams.set('pageno', String(pageno));
    if (request.lang !== undefined) url.searchParams.set('language', request.lang);
    const range = coveringRange(request.window, now(), ['d', 'w', 'm', 'y']);
    if (range !== undefined && range !== 'h') url.searchParams.set('time_range', TIME_RANGE[range]);
    const body = await http.json({ url, signal, explainStatus });
    const results = arrayAt(body, 'results');
    if (results === undefined) throw new EngineError(NAME, 'bad_response', 'answer has no results array');
    return { results, failures: unresponsive(body) };
  }

  async function searchItems(request: EngineRequest & { vertical: ItemVertical }, baseUrl: string, signal: AbortSignal): Promise<EngineResult> {
    const { start, count } = rangeOf(request);
    const hits: EngineHit<ItemVertical>[] = [];
    const seen = new Set<string>();
    for (let pageno = 1; pageno <= maxPages && hits.length < start + count; pageno++) {
      const { results, failures } = await searchPage(request, baseUrl, pageno, signal);
      if (results.length === 0) {
        // An empty page because every engine behind SearXNG failed is a failure, not "nothing found".
        if (pageno === 1 && failures.length > 0) {
          const blocked = failures.some((failure) => /captcha|suspended|access denied|too many requests/i.test(failure));
          throw new EngineError(NAME, blocked ? 'blocked' : 'upstream', `every engine behind SearXNG failed (${failures.join('; ')})`);
        }
        break;
      }
      for (const result of results) {
        const hit = toHit(request.vertical, result);
        const key = hit === undefined ? undefined : JSON.stringify(hit.item);
        if (hit === undefined || key === undefined || seen.has(key)) continue;
        seen.add(key);
        hits.push(hit);
      }
    }
    return { vertical: request.vertical, hits: hits.slice(start, start + count) } as EngineResult;
  }

  async function autocomplete(request: EngineRequest, baseUrl: string, signal: AbortSignal): Promise<EngineResult> {
    const url = endpoint(baseUrl, 'autocompleter');
    url.searchParams.set('q', request.q);
    // With this header SearXNG answers a plain JSON array; without it, the OpenSearch form.
    const body = await http.json({ url, signal, explainStatus, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    if (!Array.isArray(body)) throw new EngineError(NAME, 'bad_response', 'autocompleter answer is not a JSON array');
    const suggestions = Array.isArray(body[1]) && typeof body[0] === 'string' ? strings(body[1]) : strings(body);
    return { vertical: 'autocomplete', suggestions: suggestions.slice(0, request.num) };
  }

  return defineEngine({
    name: NAME,
    verticals: ['web', 'news', 'images', 'videos', 'scholar', 'places', 'autocomplete'],
    // The engines behind SearXNG vary by instance, so no operator is guaranteed; the full syntax is
    // still sent for web-like verticals and the router checks what came back.
    operators: NO_FEATURES,
    recency: ['d', 'w', 'm', 'y'],
    sortsByDate: false,
    configured: () => options.baseUrl !== undefined,
    notConfigured: 'SEARXNG_URL is not set',
    async search(request, signal) {
      const baseUrl = options.baseUrl ?? '';
      if (request.vertical === 'autocomplete') return autocomplete(request, baseUrl, signal);
      return searchItems(request as EngineRequest & { vertical: ItemVertical }, baseUrl, signal);
    },
  });
}
