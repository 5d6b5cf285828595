/**
 * Wikipedia article-title suggestions for autocomplete, keyless: the MediaWiki OpenSearch API
 * `GET <base>/w/api.php?action=opensearch&search=…&limit=&namespace=0&format=json`, answering
 * `[query, [titles], [descriptions], [urls]]`. `{lang}` in the base URL picks the language edition.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineResult, type SearchEngine } from '../engine.js';
import { strings } from './json-read.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'wikipedia';
export const WIKIPEDIA_DEFAULT_URL = 'https://{lang}.wikipedia.org';

const MAX_LIMIT = 100;

/** The base URL for a request language: its primary subtag when it is a plain code, else English. */
export function wikipediaBase(template: string, lang: string | undefined): string {
  const primary = lang?.split(/[-_]/)[0]?.toLowerCase();
  const edition = primary !== undefined && /^[a-z]{2,3}$/.test(primary) ? primary : 'en';
  return template.replace('{lang}', edition);
}

export function createWikipediaEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 10, periodSeconds: 1 }, keyed: false });
  const template = options.baseUrl ?? WIKIPEDIA_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['autocomplete'] as const,
    operators: new Set(),
    recency: 'none',
    sortsByDate: false,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const url = endpoint(wikipediaBase(template, request.lang), 'w/api.php');
      url.searchParams.set('action', 'opensearch');
      url.searchParams.set('search', request.q);
      url.searchParams.set('limit', String(Math.min(request.num, MAX_LIMIT)));
      url.searchParams.set('namespace', '0');
      url.searchParams.set('format', 'json');
      const body = await http.json({ url, signal });
      if (!Array.isArray(body) || !Array.isArray(body[1])) throw new EngineError(NAME, 'bad_response', 'answer is not an OpenSearch suggestion list');
      return { vertical: 'autocomplete', suggestions: strings(body[1]).slice(0, request.num) };
    },
  });
}
