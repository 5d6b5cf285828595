/**
 * Nominatim (OpenStreetMap's geocoder), keyless: `GET <base>/search?q=…&format=jsonv2&limit=`.
 * Its usage policy allows at most one request per second, asks for an identifying User-Agent and
 * for results to be cached: answers are kept in memory for `cacheTtlSeconds`. No paging: a page
 * is cut from one answer of up to 40 places.
 */
import { defineEngine } from './define-engine.js';
import { LRUCache } from 'lru-cache';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { defined, numberAt, stringAt } from './json-read.js';
import { limitCovering, rangeOf } from './paging.js';
import { categoryLabel, coordinates, placeQuery } from './places-common.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'nominatim';
export const NOMINATIM_DEFAULT_URL = 'https://nominatim.openstreetmap.org';

const MAX_LIMIT = 40;

export interface NominatimOptions extends UpstreamEngineOptions {
  /** How long an answer is reused. Default 86 400 s; 0 disables the cache. */
  readonly cacheTtlSeconds?: number;
  /** Answers kept at most. Default 1 000. */
  readonly cacheEntries?: number;
}

function toHit(place: unknown): EngineHit<'places'> | undefined {
  const displayName = stringAt(place, 'display_name');
  const title = stringAt(place, 'name') ?? displayName?.split(',')[0]?.trim();
  if (title === undefined || title === '') return undefined;
  return {
    item: defined({
      title,
      address: displayName,
      ...coordinates(numberAt(place, 'lat'), numberAt(place, 'lon')),
      category: categoryLabel(stringAt(place, 'type')),
    }),
  };
}

export function createNominatimEngine(options: NominatimOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 1 }, keyed: false });
  const baseUrl = options.baseUrl ?? NOMINATIM_DEFAULT_URL;
  const ttlMs = (options.cacheTtlSeconds ?? 86_400) * 1000;
  const cache = ttlMs > 0 ? new LRUCache<string, readonly unknown[]>({ max: options.cacheEntries ?? 1000, ttl: ttlMs }) : undefined;

  return defineEngine({
    name: NAME,
    verticals: ['places'] as const,
    operators: new Set(),
    recency: 'none',
    sortsByDate: false,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const q = placeQuery(request);
      if (q.trim() === '') return { vertical: 'places', hits: [] };
      const range = rangeOf(request);
      const url = endpoint(baseUrl, 'search');
      url.searchParams.set('q', q);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(limitCovering(range, MAX_LIMIT)));
      url.searchParams.set('addressdetails', '1');
      if (request.lang !== undefined) url.searchParams.set('accept-language', request.lang);
      const key = url.toString();
      let places = cache?.get(key);
      if (places === undefined) {
        const body = await http.json({ url, signal });
        if (!Array.isArray(body)) throw new EngineError(NAME, 'bad_response', 'answer is not a JSON array of places');
        places = body;
        cache?.set(key, places);
      }
      const hits = places.slice(range.start, range.start + range.count).flatMap((place) => {
        const hit = toHit(place);
        return hit === undefined ? [] : [hit];
      });
      return { vertical: 'places', hits };
    },
  });
}
