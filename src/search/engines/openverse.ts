/**
 * Openverse (openly licensed media), keyless: `GET <base>/v1/images/?q=…&page=&page_size=`.
 * Anonymous clients get pages of at most 20 and a low rate. Every image carries its licence,
 * kept in the item as e.g. "CC BY-SA 2.0".
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { queryKeywords } from '../query.js';
import { arrayAt, countAt, defined, httpUrl, stringAt } from './json-read.js';
import { collectNumberedPages, rangeOf } from './paging.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'openverse';
export const OPENVERSE_DEFAULT_URL = 'https://api.openverse.org';

const MAX_PAGE_SIZE = 20;
/** Openverse serves at most 20 pages of a search. */
const MAX_PAGE = 20;

/** `by-sa` + `2.0` → "CC BY-SA 2.0"; `cc0` → "CC0 1.0"; `pdm` → "Public Domain Mark 1.0". */
export function licenceName(license: string | undefined, version: string | undefined): string | undefined {
  if (license === undefined) return undefined;
  const lower = license.toLowerCase();
  const label = lower === 'cc0' ? 'CC0' : lower === 'pdm' ? 'Public Domain Mark' : `CC ${lower.toUpperCase()}`;
  return version === undefined ? label : `${label} ${version}`;
}

function toHit(image: unknown): EngineHit<'images'> | undefined {
  const imageUrl = httpUrl(stringAt(image, 'url'));
  const link = httpUrl(stringAt(image, 'foreign_landing_url'));
  if (imageUrl === undefined || link === undefined) return undefined;
  const width = countAt(image, 'width');
  const height = countAt(image, 'height');
  return {
    item: defined({
      title: stringAt(image, 'title') ?? 'Untitled',
      imageUrl,
      imageWidth: width === 0 ? undefined : width,
      imageHeight: height === 0 ? undefined : height,
      thumbnailUrl: httpUrl(stringAt(image, 'thumbnail')),
      link,
      source: stringAt(image, 'source') ?? stringAt(image, 'provider'),
      licence: licenceName(stringAt(image, 'license'), stringAt(image, 'license_version')),
    }),
  };
}

export function createOpenverseEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 20, periodSeconds: 60 }, keyed: false });
  const baseUrl = options.baseUrl ?? OPENVERSE_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['images'] as const,
    operators: new Set(),
    recency: 'none',
    sortsByDate: false,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const words = queryKeywords(request.query).join(' ');
      if (words === '') return { vertical: 'images', hits: [] };
      const pageSize = Math.min(request.num, MAX_PAGE_SIZE);
      const images = await collectNumberedPages(rangeOf(request), pageSize, MAX_PAGE, async (page) => {
        const url = endpoint(baseUrl, 'v1/images/');
        url.searchParams.set('q', words);
        url.searchParams.set('page', String(page));
        url.searchParams.set('page_size', String(pageSize));
        const body = await http.json({ url, signal });
        const results = arrayAt(body, 'results');
        if (results === undefined) throw new EngineError(NAME, 'bad_response', 'answer has no results array');
        return results;
      });
      return {
        vertical: 'images',
        hits: images.flatMap((image) => {
          const hit = toHit(image);
          return hit === undefined ? [] : [hit];
        }),
      };
    },
  });
}
