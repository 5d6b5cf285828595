/**
 * Firecrawl's map body read into the map use case's input (src/use-cases/map.ts, shared with the
 * MCP `map` tool). One page's worth of work: charged like one scrape (`PRICE_SCRAPE`).
 */
import { mapUrl, type MapInput } from '../../use-cases/map.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';
import type { MapBody } from './schemas.js';

const DEFAULT_LIMIT = 5000;
const KNOWN_KEYS = new Set([
  'url',
  'search',
  'sitemap',
  'ignoreSitemap',
  'sitemapOnly',
  'includeSubdomains',
  'ignoreQueryParameters',
  'limit',
  'timeout',
  'origin',
  'integration',
  'useIndex',
  'location',
]);

export interface ResolvedMap extends MapInput {
  readonly timeoutMs?: number;
}

export function resolveMap(body: MapBody): ResolvedMap {
  const unknown = unknownKeys(body, KNOWN_KEYS);
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.join(', ')}`);
  const record = body as Record<string, unknown>;
  if (record.location !== undefined) throw badRequest('location (geo-targeted proxies) is not supported');
  const sitemap = body.sitemap ?? (body.sitemapOnly ? 'only' : body.ignoreSitemap ? 'skip' : 'include');
  return {
    url: mapUrl(body.url),
    sitemap,
    ...(body.search === undefined || body.search.trim() === '' ? {} : { search: body.search.trim().toLowerCase() }),
    includeSubdomains: body.includeSubdomains ?? false,
    ignoreQueryParameters: body.ignoreQueryParameters ?? true,
    limit: body.limit ?? DEFAULT_LIMIT,
    ...(body.timeout === undefined ? {} : { timeoutMs: body.timeout }),
  };
}
