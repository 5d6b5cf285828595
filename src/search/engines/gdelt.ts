/**
 * GDELT DOC 2.0 API (world news of the last three months), keyless:
 * `GET <base>/api/v2/doc/doc?query=…&mode=artlist&format=json&maxrecords=`. Takes quoted phrases
 * and `-` exclusions, and minute-precise `startdatetime`/`enddatetime`. GDELT asks for at most one
 * request every five seconds; it answers refusals (too short a keyword, too fast) as plain text.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { formatQuery, type QueryFeature } from '../query.js';
import { rejectBlockPage } from './http.js';
import { arrayAt, defined, httpUrl, isObject, stringAt } from './json-read.js';
import { limitCovering, rangeOf } from './paging.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'gdelt';
export const GDELT_DEFAULT_URL = 'https://api.gdeltproject.org';

const MAX_RECORDS = 250;
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase', 'exclude']);
/** GDELT searches a rolling window of about three months. */
const COVERAGE_MS = 89 * 86_400_000;

export interface GdeltOptions extends UpstreamEngineOptions {
  /** Default `Date.now`. */
  readonly now?: () => number;
}

/** `20230918T031500Z` → a date. */
export function parseSeenDate(raw: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(raw ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0));
}

function gdeltStamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function toHit(article: unknown): EngineHit<'news'> | undefined {
  const title = stringAt(article, 'title');
  const link = httpUrl(stringAt(article, 'url'));
  if (title === undefined || link === undefined) return undefined;
  const seen = parseSeenDate(stringAt(article, 'seendate'));
  return {
    item: defined({ title, link, publisher: stringAt(article, 'domain'), imageUrl: httpUrl(stringAt(article, 'socialimage')) }),
    ...(seen === undefined ? {} : { publishedAt: seen }),
  };
}

export function createGdeltEngine(options: GdeltOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 5 }, keyed: false });
  const baseUrl = options.baseUrl ?? GDELT_DEFAULT_URL;
  const now = options.now ?? Date.now;

  return defineEngine({
    name: NAME,
    verticals: ['news'] as const,
    operators: OPERATORS,
    recency: 'exact',
    sortsByDate: true,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const query = formatQuery(request.query, OPERATORS);
      if (query.trim() === '') return { vertical: 'news', hits: [] };
      const range = rangeOf(request);
      const url = endpoint(baseUrl, 'api/v2/doc/doc');
      url.searchParams.set('query', query);
      url.searchParams.set('mode', 'artlist');
      url.searchParams.set('format', 'json');
      url.searchParams.set('maxrecords', String(limitCovering(range, MAX_RECORDS)));
      url.searchParams.set('sort', request.window.sortByDate ? 'datedesc' : 'hybridrel');
      const { since, until } = request.window;
      // Older starts than GDELT's coverage would be refused; the whole coverage is the same search.
      if (since !== undefined && since.getTime() > now() - COVERAGE_MS) url.searchParams.set('startdatetime', gdeltStamp(since));
      if (until !== undefined) url.searchParams.set('enddatetime', gdeltStamp(until));
      const response = await http.text({ url, signal });
      rejectBlockPage(NAME, response);
      let body: unknown;
      try {
        body = JSON.parse(response.body) as unknown;
      } catch {
        const said = response.body.replace(/\s+/g, ' ').trim().slice(0, 200);
        throw /limit requests/i.test(said)
          ? new EngineError(NAME, 'rate_limited', `GDELT: ${said}`, { retryAfterSeconds: 5 })
          : new EngineError(NAME, 'bad_response', `GDELT refused the query: ${said || 'empty answer'}`);
      }
      if (!isObject(body)) throw new EngineError(NAME, 'bad_response', 'answer is not a JSON object');
      // GDELT answers `{}` when nothing matched.
      const articles = arrayAt(body, 'articles') ?? [];
      const hits = articles.slice(range.start, range.start + range.count).flatMap((article) => {
        const hit = toHit(article);
        return hit === undefined ? [] : [hit];
      });
      return { vertical: 'news', hits };
    },
  });
}
