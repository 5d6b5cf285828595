/**
 * Photon (komoot's OpenStreetMap geocoder), keyless: `GET <base>/api/?q=…&limit=&lang=` answering a
 * GeoJSON FeatureCollection. Serves places and place-name autocomplete. Photon has no paging, so
 * a page is cut from one answer of up to 50 features.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineRequest, type EngineResult, type SearchEngine } from '../engine.js';
import { arrayAt, defined, isObject, objectAt, stringAt } from './json-read.js';
import { limitCovering, rangeOf } from './paging.js';
import { categoryLabel, coordinates, placeQuery } from './places-common.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'photon';
export const PHOTON_DEFAULT_URL = 'https://photon.komoot.io';

const MAX_LIMIT = 50;
/** Languages Photon's public instance has names for; others get its default names. */
const LANGUAGES = new Set(['de', 'en', 'fr', 'it']);

function addressOf(properties: unknown): string | undefined {
  const street = [stringAt(properties, 'housenumber'), stringAt(properties, 'street')].filter(Boolean).join(' ');
  const town = [stringAt(properties, 'postcode'), stringAt(properties, 'city') ?? stringAt(properties, 'town') ?? stringAt(properties, 'village')]
    .filter(Boolean)
    .join(' ');
  const parts = [street, town, stringAt(properties, 'state') ?? '', stringAt(properties, 'country') ?? ''].filter((part) => part !== '');
  return parts.length === 0 ? undefined : parts.join(', ');
}

function titleOf(properties: unknown): string | undefined {
  const street = [stringAt(properties, 'housenumber'), stringAt(properties, 'street')].filter(Boolean).join(' ');
  return stringAt(properties, 'name') ?? (street === '' ? stringAt(properties, 'city') : street);
}

function toHit(feature: unknown): EngineHit<'places'> | undefined {
  const properties = objectAt(feature, 'properties');
  const title = titleOf(properties);
  if (title === undefined) return undefined;
  const position = arrayAt(objectAt(feature, 'geometry'), 'coordinates');
  const longitude = typeof position?.[0] === 'number' ? position[0] : undefined;
  const latitude = typeof position?.[1] === 'number' ? position[1] : undefined;
  return {
    item: defined({
      title,
      address: addressOf(properties),
      ...coordinates(latitude, longitude),
      category: categoryLabel(stringAt(properties, 'osm_value')),
    }),
  };
}

export function createPhotonEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 1 }, keyed: false });
  const baseUrl = options.baseUrl ?? PHOTON_DEFAULT_URL;

  async function features(request: EngineRequest, q: string, limit: number, signal: AbortSignal): Promise<readonly unknown[]> {
    const url = endpoint(baseUrl, 'api/');
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    const lang = request.lang?.slice(0, 2).toLowerCase();
    if (lang !== undefined && LANGUAGES.has(lang)) url.searchParams.set('lang', lang);
    const body = await http.json({ url, signal });
    const found = arrayAt(body, 'features');
    if (!isObject(body) || found === undefined) throw new EngineError(NAME, 'bad_response', 'answer is not a GeoJSON FeatureCollection');
    return found;
  }

  return defineEngine({
    name: NAME,
    verticals: ['places', 'autocomplete'],
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      if (request.vertical === 'autocomplete') {
        const found = await features(request, request.q, Math.min(MAX_LIMIT, request.num), signal);
        const suggestions = found.flatMap((feature) => {
          const properties = objectAt(feature, 'properties');
          const title = titleOf(properties);
          if (title === undefined) return [];
          const context = [stringAt(properties, 'city'), stringAt(properties, 'country')].filter((part) => part !== undefined && part !== title);
          return [[title, ...context].join(', ')];
        });
        return { vertical: 'autocomplete', suggestions };
      }
      const q = placeQuery(request);
      if (q.trim() === '') return { vertical: 'places', hits: [] };
      const range = rangeOf(request);
      const found = await features(request, q, limitCovering(range, MAX_LIMIT), signal);
      const hits = found.slice(range.start, range.start + range.count).flatMap((feature) => {
        const hit = toHit(feature);
        return hit === undefined ? [] : [hit];
      });
      return { vertical: 'places', hits };
    },
  });
}
