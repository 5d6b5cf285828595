/**
 * Crossref REST API (scholarly works by DOI metadata), keyless: `GET <base>/works?query=…&rows=&offset=`,
 * with `mailto` for the polite pool. Answers `{status:"ok", message-type:"work-list", message:{items[]}}`.
 * Dates are days, so the router enforces `tbs` windows; `filter=from-pub-date:` narrows the upstream
 * search first.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { arrayAt, countAt, defined, httpUrl, isObject, objectAt, plainText, stringAt, strings } from './json-read.js';
import { collectByOffset, rangeOf } from './paging.js';
import { keywordQuery, snippetOf } from './scholar-common.js';
import { isoDay } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'crossref';
export const CROSSREF_DEFAULT_URL = 'https://api.crossref.org';

/** Crossref's largest `rows`. */
const MAX_ROWS = 1000;
const SELECT = 'DOI,URL,title,author,container-title,publisher,issued,published,is-referenced-by-count,link,abstract,type';

/** `{date-parts: [[2017, 6, 12]]}` → a UTC date (missing month/day → the first). */
function dateParts(value: unknown): Date | undefined {
  const parts = arrayAt(value, 'date-parts')?.[0];
  if (!Array.isArray(parts) || typeof parts[0] !== 'number') return undefined;
  const [year, month, day] = parts as number[];
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

function authorsOf(work: unknown): string | undefined {
  const names = (arrayAt(work, 'author') ?? []).flatMap((author) => {
    const name = stringAt(author, 'name') ?? [stringAt(author, 'given'), stringAt(author, 'family')].filter(Boolean).join(' ');
    return name === '' ? [] : [name];
  });
  return names.length === 0 ? undefined : names.join(', ');
}

function pdfOf(work: unknown): string | undefined {
  const pdf = (arrayAt(work, 'link') ?? []).find((link) => stringAt(link, 'content-type') === 'application/pdf');
  return httpUrl(stringAt(pdf, 'URL'));
}

function toHit(work: unknown): EngineHit<'scholar'> | undefined {
  const title = plainText(strings(arrayAt(work, 'title'))[0]);
  const doi = stringAt(work, 'DOI');
  const link = httpUrl(stringAt(work, 'URL')) ?? (doi === undefined ? undefined : `https://doi.org/${doi}`);
  if (title === undefined || link === undefined) return undefined;
  const published = dateParts(objectAt(work, 'published')) ?? dateParts(objectAt(work, 'issued'));
  return {
    item: defined({
      title,
      link,
      snippet: snippetOf(plainText(stringAt(work, 'abstract'))),
      authors: authorsOf(work),
      publication: strings(arrayAt(work, 'container-title'))[0] ?? stringAt(work, 'publisher'),
      year: published?.getUTCFullYear(),
      citations: countAt(work, 'is-referenced-by-count'),
      pdfUrl: pdfOf(work),
    }),
    ...(published === undefined ? {} : { publishedAt: published }),
  };
}

export function createCrossrefEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 10, periodSeconds: 1 }, keyed: false });
  const baseUrl = options.baseUrl ?? CROSSREF_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['scholar'] as const,
    operators: new Set(),
    recency: 'none',
    sortsByDate: true,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const query = keywordQuery(request.query);
      if (query === '') return { vertical: 'scholar', hits: [] };
      const hits = await collectByOffset(rangeOf(request), MAX_ROWS, async (offset, rows) => {
        const url = endpoint(baseUrl, 'works');
        url.searchParams.set('query', query);
        url.searchParams.set('rows', String(rows));
        url.searchParams.set('offset', String(offset));
        url.searchParams.set('select', SELECT);
        const filters = [
          ...(request.window.since ? [`from-pub-date:${isoDay(request.window.since)}`] : []),
          ...(request.window.until ? [`until-pub-date:${isoDay(request.window.until)}`] : []),
        ];
        if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
        if (request.window.sortByDate) {
          url.searchParams.set('sort', 'published');
          url.searchParams.set('order', 'desc');
        }
        if (options.contactEmail !== undefined) url.searchParams.set('mailto', options.contactEmail);
        const body = await http.json({ url, signal });
        const items = arrayAt(objectAt(body, 'message'), 'items');
        if (!isObject(body) || body.status !== 'ok' || items === undefined) {
          throw new EngineError(NAME, 'bad_response', 'answer is not a Crossref work list');
        }
        return items;
      });
      return {
        vertical: 'scholar',
        hits: hits.flatMap((work) => {
          const hit = toHit(work);
          return hit === undefined ? [] : [hit];
        }),
      };
    },
  });
}
