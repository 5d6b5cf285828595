/**
 * Serper.dev (Google results) for all nine verticals: `POST <base>/<vertical>` with
 * `X-API-KEY`, the body `{q, gl, hl, num, page, location, tbs, autocorrect}`. Google applies the
 * whole query syntax and `tbs` itself. Scholar and patents results arrive under `organic`.
 * Field names follow shared/reference/protocols.md §4.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineRequest, type EngineResult, type SearchEngine } from '../engine.js';
import { ALL_QUERY_FEATURES, formatQuery } from '../query.js';
import { formatTbs } from '../tbs.js';
import type { ItemVertical, Vertical } from '../verticals.js';
import { arrayAt, countAt, defined, httpUrl, isObject, numberAt, objectAt, stringAt, strings } from './json-read.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'serper';
export const SERPER_DEFAULT_URL = 'https://google.serper.dev';

const PATHS: Readonly<Record<Vertical, string>> = {
  web: 'search',
  news: 'news',
  images: 'images',
  videos: 'videos',
  places: 'places',
  shopping: 'shopping',
  scholar: 'scholar',
  patents: 'patents',
  autocomplete: 'autocomplete',
};

/** The array of results in Serper's answer for each vertical. */
const RESULT_KEYS: Readonly<Record<ItemVertical, string>> = {
  web: 'organic',
  news: 'news',
  images: 'images',
  videos: 'videos',
  places: 'places',
  shopping: 'shopping',
  scholar: 'organic',
  patents: 'organic',
};

/** Serper's largest `num`. */
const MAX_NUM = 100;

function rating(value: unknown): number | undefined {
  const found = numberAt(value, 'rating');
  return found !== undefined && found >= 0 && found <= 5 ? found : undefined;
}

/** `"A Vaswani, N Shazeer… - Advances in neural…, 2017 - proceedings.neurips.cc"` → authors and publication. */
export function splitPublicationInfo(info: string | undefined): { authors?: string; publication?: string } {
  if (info === undefined) return {};
  const [authors, venue] = info.split(/\s+-\s+/);
  const publication = venue?.replace(/,\s*\d{4}\s*$/, '').trim();
  return defined({
    authors: authors === undefined || authors.trim() === '' ? undefined : authors.trim(),
    publication: publication === undefined || publication === '' ? undefined : publication,
  });
}

/** `citedBy` is a number in most captures and `{total}` in some SDK models. */
function citations(value: unknown): number | undefined {
  return countAt(value, 'citedBy') ?? countAt(objectAt(value, 'citedBy'), 'total');
}

function datePart(raw: string | undefined): string | undefined {
  return raw !== undefined && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : undefined;
}

function toItem(vertical: ItemVertical, entry: unknown): EngineHit<ItemVertical>['item'] | undefined {
  const title = stringAt(entry, 'title');
  const link = httpUrl(stringAt(entry, 'link'));
  if (title === undefined) return undefined;
  switch (vertical) {
    case 'web':
      return link === undefined ? undefined : defined({ title, url: link, description: stringAt(entry, 'snippet'), date: stringAt(entry, 'date') });
    case 'news':
      return link === undefined
        ? undefined
        : defined({
            title,
            link,
            snippet: stringAt(entry, 'snippet'),
            publisher: stringAt(entry, 'source'),
            date: stringAt(entry, 'date'),
            imageUrl: httpUrl(stringAt(entry, 'imageUrl')),
          });
    case 'images': {
      const imageUrl = httpUrl(stringAt(entry, 'imageUrl'));
      if (imageUrl === undefined || link === undefined) return undefined;
      const width = countAt(entry, 'imageWidth');
      const height = countAt(entry, 'imageHeight');
      return defined({
        title,
        imageUrl,
        imageWidth: width === 0 ? undefined : width,
        imageHeight: height === 0 ? undefined : height,
        thumbnailUrl: httpUrl(stringAt(entry, 'thumbnailUrl')),
        link,
        source: stringAt(entry, 'source') ?? stringAt(entry, 'domain'),
      });
    }
    case 'videos':
      return link === undefined
        ? undefined
        : defined({
            title,
            link,
            snippet: stringAt(entry, 'snippet'),
            duration: stringAt(entry, 'duration'),
            uploaded: stringAt(entry, 'date'),
            channel: stringAt(entry, 'channel') ?? stringAt(entry, 'source'),
            imageUrl: httpUrl(stringAt(entry, 'imageUrl')),
          });
    case 'places': {
      const latitude = numberAt(entry, 'latitude');
      const longitude = numberAt(entry, 'longitude');
      return defined({
        title,
        address: stringAt(entry, 'address'),
        latitude: latitude !== undefined && Math.abs(latitude) <= 90 ? latitude : undefined,
        longitude: longitude !== undefined && Math.abs(longitude) <= 180 ? longitude : undefined,
        rating: rating(entry),
        reviews: countAt(entry, 'ratingCount'),
        phone: stringAt(entry, 'phoneNumber'),
        category: stringAt(entry, 'category'),
        website: httpUrl(stringAt(entry, 'website')),
      });
    }
    case 'shopping':
      return link === undefined
        ? undefined
        : defined({
            title,
            price: stringAt(entry, 'price') ?? (numberAt(entry, 'price') === undefined ? undefined : String(numberAt(entry, 'price'))),
            link,
            source: stringAt(entry, 'source'),
            rating: rating(entry),
            reviews: countAt(entry, 'ratingCount'),
            imageUrl: httpUrl(stringAt(entry, 'imageUrl')),
          });
    case 'scholar': {
      if (link === undefined) return undefined;
      const year = countAt(entry, 'year');
      return defined({
        title,
        link,
        snippet: stringAt(entry, 'snippet'),
        ...splitPublicationInfo(stringAt(entry, 'publicationInfo')),
        year: year === 0 ? undefined : year,
        citations: citations(entry),
        pdfUrl: httpUrl(stringAt(entry, 'pdfUrl') ?? stringAt(entry, 'pdfLink')),
      });
    }
    case 'patents': {
      if (link === undefined) return undefined;
      const inventor = stringAt(entry, 'inventor') ?? strings(arrayAt(entry, 'inventors')).join(', ');
      return defined({
        title,
        patentNumber: stringAt(entry, 'publicationNumber') ?? stringAt(entry, 'patentNumber'),
        link,
        snippet: stringAt(entry, 'snippet'),
        inventors: inventor === '' ? undefined : inventor,
        assignee: stringAt(entry, 'assignee'),
        filingDate: datePart(stringAt(entry, 'filingDate')),
        grantDate: datePart(stringAt(entry, 'grantDate')),
        pdfUrl: httpUrl(stringAt(entry, 'pdfUrl')),
      });
    }
  }
}

export function createSerperEngine(options: UpstreamEngineOptions): SearchEngine {
  // Serper's plans allow 5–300 queries per second; the lowest is the safe default.
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 5, periodSeconds: 1 }, keyed: true });
  const baseUrl = options.baseUrl ?? SERPER_DEFAULT_URL;

  function body(request: EngineRequest): Record<string, unknown> {
    return defined({
      q: formatQuery(request.query, ALL_QUERY_FEATURES),
      gl: request.country,
      hl: request.lang,
      num: Math.min(request.num, MAX_NUM),
      page: request.page,
      location: request.location,
      tbs: request.tbs === undefined ? undefined : formatTbs(request.tbs) || undefined,
      autocorrect: request.autocorrect,
      // Google Scholar filters by year (as_ylo/as_yhi) rather than by tbs.
      ...(request.vertical === 'scholar' ? defined({ as_ylo: request.window.since?.getUTCFullYear(), as_yhi: request.window.until?.getUTCFullYear() }) : {}),
    });
  }

  return defineEngine({
    name: NAME,
    verticals: ['web', 'news', 'images', 'videos', 'places', 'shopping', 'scholar', 'patents', 'autocomplete'],
    operators: ALL_QUERY_FEATURES,
    recency: 'exact',
    sortsByDate: true,
    configured: () => options.apiKey !== undefined && options.apiKey !== '',
    notConfigured: 'SERPER_API_KEY is not set',
    async search(request, signal): Promise<EngineResult> {
      const answer = await http.json({
        url: endpoint(baseUrl, PATHS[request.vertical]),
        method: 'POST',
        headers: { 'x-api-key': options.apiKey ?? '', 'content-type': 'application/json' },
        body: JSON.stringify(body(request)),
        signal,
        // Serper answers an exhausted balance with 400 "Not enough credits": a quota, not a bad request.
        explainStatus: (status, text) =>
          status === 400 && /credits/i.test(text) ? new EngineError(NAME, 'rate_limited', 'Serper account is out of credits') : undefined,
      });
      if (!isObject(answer)) throw new EngineError(NAME, 'bad_response', 'answer is not a JSON object');
      if (request.vertical === 'autocomplete') {
        const entries = arrayAt(answer, 'suggestions');
        if (entries === undefined) throw new EngineError(NAME, 'bad_response', 'autocomplete answer has no suggestions array');
        const suggestions = entries.flatMap((entry) => {
          const value = typeof entry === 'string' ? entry : stringAt(entry, 'value');
          return value === undefined ? [] : [value];
        });
        return { vertical: 'autocomplete', suggestions: suggestions.slice(0, request.num) };
      }
      const vertical = request.vertical;
      // Google omits the array when nothing matched; an answer without any known key is not Serper's.
      const entries = arrayAt(answer, RESULT_KEYS[vertical]);
      if (entries === undefined && !isObject(answer.searchParameters)) {
        throw new EngineError(NAME, 'bad_response', `answer has neither ${RESULT_KEYS[vertical]} nor searchParameters`);
      }
      const hits = (entries ?? []).flatMap((entry) => {
        const item = toItem(vertical, entry);
        return item === undefined ? [] : [{ item }];
      });
      return { vertical, hits: hits.slice(0, request.num) } as EngineResult;
    },
  });
}
