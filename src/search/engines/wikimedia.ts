/**
 * Wikimedia Commons images with their licences, keyless: the MediaWiki Action API
 * `GET <base>/w/api.php?action=query&generator=search&gsrnamespace=6&prop=imageinfo` with
 * `iiprop=url|size|extmetadata` (licence and artist). API errors arrive as 200 `{error:{code,info}}`.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { queryKeywords } from '../query.js';
import { arrayAt, countAt, defined, httpUrl, objectAt, plainText, stringAt } from './json-read.js';
import { collectByOffset, rangeOf } from './paging.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'wikimedia';
export const WIKIMEDIA_DEFAULT_URL = 'https://commons.wikimedia.org';

/** `gsrlimit` of anonymous clients. */
const MAX_PER_CALL = 50;

function metadataValue(extmetadata: unknown, field: string): string | undefined {
  return plainText(stringAt(objectAt(extmetadata, field), 'value'));
}

function toHit(page: unknown): EngineHit<'images'> | undefined {
  const info = arrayAt(page, 'imageinfo')?.[0];
  const imageUrl = httpUrl(stringAt(info, 'url'));
  const link = httpUrl(stringAt(info, 'descriptionurl'));
  const fileTitle = stringAt(page, 'title');
  if (imageUrl === undefined || link === undefined || fileTitle === undefined) return undefined;
  const title = fileTitle.replace(/^File:/, '').replace(/\.[A-Za-z0-9]{2,5}$/, '');
  const extmetadata = objectAt(info, 'extmetadata');
  const width = countAt(info, 'width');
  const height = countAt(info, 'height');
  return {
    item: defined({
      title,
      imageUrl,
      imageWidth: width === 0 ? undefined : width,
      imageHeight: height === 0 ? undefined : height,
      thumbnailUrl: httpUrl(stringAt(info, 'thumburl')),
      link,
      source: 'Wikimedia Commons',
      licence: metadataValue(extmetadata, 'LicenseShortName'),
    }),
  };
}

export function createWikimediaEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 5, periodSeconds: 1 }, keyed: false });
  const baseUrl = options.baseUrl ?? WIKIMEDIA_DEFAULT_URL;

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
      const pages = await collectByOffset(rangeOf(request), MAX_PER_CALL, async (offset, limit) => {
        const url = endpoint(baseUrl, 'w/api.php');
        const params: Record<string, string> = {
          action: 'query',
          format: 'json',
          formatversion: '2',
          generator: 'search',
          gsrsearch: `filetype:bitmap|drawing ${words}`,
          gsrnamespace: '6',
          gsrlimit: String(limit),
          gsroffset: String(offset),
          prop: 'imageinfo',
          iiprop: 'url|size|extmetadata',
          iiurlwidth: '320',
          iiextmetadatafilter: 'LicenseShortName|Artist',
          uselang: request.lang?.slice(0, 2).toLowerCase() ?? 'en',
        };
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
        const body = await http.json({ url, signal });
        const error = objectAt(body, 'error');
        if (error !== undefined) {
          const code = stringAt(error, 'code') ?? 'error';
          const kind = code === 'ratelimited' || code === 'maxlag' ? 'rate_limited' : 'bad_response';
          throw new EngineError(NAME, kind, `MediaWiki API error ${code}: ${stringAt(error, 'info') ?? ''}`.trim());
        }
        // No `query` key at all means the search found nothing.
        const found = arrayAt(objectAt(body, 'query'), 'pages') ?? [];
        return [...found].sort((a, b) => (countAt(a, 'index') ?? 0) - (countAt(b, 'index') ?? 0));
      });
      return {
        vertical: 'images',
        hits: pages.flatMap((page) => {
          const hit = toHit(page);
          return hit === undefined ? [] : [hit];
        }),
      };
    },
  });
}
