/**
 * OpenAlex works search: `GET <base>/works?search=…&per-page=&page=`, optional `api_key`, `mailto`
 * for the polite pool. `search` understands quoted phrases. Answers `{meta, results[]}`; abstracts
 * come as an inverted index. Dates are days, so the router enforces `tbs` windows.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { formatQuery, type QueryFeature } from '../query.js';
import { arrayAt, countAt, defined, httpUrl, isObject, objectAt, parseDate, plainText, stringAt } from './json-read.js';
import { collectNumberedPages, rangeOf } from './paging.js';
import { snippetOf } from './scholar-common.js';
import { isoDay } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'openalex';
export const OPENALEX_DEFAULT_URL = 'https://api.openalex.org';

const MAX_PER_PAGE = 200;
/** OpenAlex pages only through the first 10 000 results. */
const MAX_RESULTS = 10_000;
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase']);

/** `{word: [positions]}` back into text. */
export function abstractFromInvertedIndex(index: unknown): string | undefined {
  if (!isObject(index)) return undefined;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const position of positions) if (typeof position === 'number' && position >= 0 && position < 100_000) words[position] = word;
  }
  const text = words.filter((word) => word !== undefined).join(' ');
  return text === '' ? undefined : text;
}

function toHit(work: unknown): EngineHit<'scholar'> | undefined {
  const title = plainText(stringAt(work, 'title') ?? stringAt(work, 'display_name'));
  const location = objectAt(work, 'primary_location');
  const link = httpUrl(stringAt(location, 'landing_page_url')) ?? httpUrl(stringAt(work, 'doi')) ?? httpUrl(stringAt(work, 'id'));
  if (title === undefined || link === undefined) return undefined;
  const authors = (arrayAt(work, 'authorships') ?? []).flatMap((authorship) => {
    const name = stringAt(objectAt(authorship, 'author'), 'display_name');
    return name === undefined ? [] : [name];
  });
  const published = parseDate(stringAt(work, 'publication_date'));
  const year = countAt(work, 'publication_year');
  return {
    item: defined({
      title,
      link,
      snippet: snippetOf(abstractFromInvertedIndex(objectAt(work, 'abstract_inverted_index'))),
      authors: authors.length === 0 ? undefined : authors.join(', '),
      publication: stringAt(objectAt(location, 'source'), 'display_name'),
      year: year === 0 ? undefined : year,
      citations: countAt(work, 'cited_by_count'),
      pdfUrl: httpUrl(stringAt(location, 'pdf_url')) ?? httpUrl(stringAt(objectAt(work, 'open_access'), 'oa_url')),
    }),
    ...(published === undefined ? {} : { publishedAt: published }),
  };
}

export function createOpenAlexEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 10, periodSeconds: 1 }, keyed: options.apiKey !== undefined });
  const baseUrl = options.baseUrl ?? OPENALEX_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['scholar'] as const,
    operators: OPERATORS,
    recency: 'none',
    sortsByDate: true,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const search = formatQuery(request.query, OPERATORS);
      if (search.trim() === '') return { vertical: 'scholar', hits: [] };
      const perPage = Math.min(request.num, MAX_PER_PAGE);
      const works = await collectNumberedPages(rangeOf(request), perPage, Math.floor(MAX_RESULTS / perPage), async (page) => {
        const url = endpoint(baseUrl, 'works');
        url.searchParams.set('search', search);
        url.searchParams.set('per-page', String(perPage));
        url.searchParams.set('page', String(page));
        const filters = [
          ...(request.window.since ? [`from_publication_date:${isoDay(request.window.since)}`] : []),
          ...(request.window.until ? [`to_publication_date:${isoDay(request.window.until)}`] : []),
        ];
        if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
        if (request.window.sortByDate) url.searchParams.set('sort', 'publication_date:desc');
        if (options.apiKey !== undefined) url.searchParams.set('api_key', options.apiKey);
        if (options.contactEmail !== undefined) url.searchParams.set('mailto', options.contactEmail);
        const body = await http.json({ url, signal });
        const results = arrayAt(body, 'results');
        if (results === undefined) throw new EngineError(NAME, 'bad_response', 'answer has no results array');
        return results;
      });
      return {
        vertical: 'scholar',
        hits: works.flatMap((work) => {
          const hit = toHit(work);
          return hit === undefined ? [] : [hit];
        }),
      };
    },
  });
}
