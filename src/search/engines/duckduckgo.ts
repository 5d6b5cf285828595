/**
 * DuckDuckGo, keyless and best effort: web results from its no-JavaScript page
 * (`POST <base>/html/`, results in `div.result` with `a.result__a` and `.result__snippet`, the
 * next page as a form carrying `s`, `dc` and `vqd`), suggestions from `GET <ac base>/ac/?q=`
 * (`[{"phrase": …}]`). DuckDuckGo shows a CAPTCHA to clients it takes for bots: that is reported as
 * `blocked`, and a page whose layout is not recognised as `bad_response`, never as "no results".
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineRequest, type EngineResult, type SearchEngine } from '../engine.js';
import { formatQuery, type QueryFeature } from '../query.js';
import { rejectBlockPage } from './http.js';
import { defined, httpUrl, isObject, stringAt } from './json-read.js';
import { rangeOf } from './paging.js';
import { coveringRange } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'duckduckgo';
export const DUCKDUCKGO_DEFAULT_URL = 'https://html.duckduckgo.com';
export const DUCKDUCKGO_AUTOCOMPLETE_DEFAULT_URL = 'https://duckduckgo.com';

/** DuckDuckGo's documented syntax: quotes, -, site:, filetype:, intitle:, inurl:. */
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase', 'exclude', 'site', 'filetype', 'intitle', 'inurl']);
/** DuckDuckGo refuses longer queries. */
const MAX_QUERY_LENGTH = 499;

export interface DuckDuckGoOptions extends UpstreamEngineOptions {
  /** Base URL of the suggestions endpoint (`/ac/`). */
  readonly autocompleteUrl?: string;
  /** Result pages followed at most for one request. Default 5. */
  readonly maxPages?: number;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

/** DuckDuckGo's region code (`kl`): country then language, e.g. `us-en`, `de-de`, `uk-en`. */
export function duckduckgoRegion(country: string, lang: string | undefined): string {
  const region = country.toLowerCase() === 'gb' ? 'uk' : country.toLowerCase();
  const language = (lang ?? 'en').slice(0, 2).toLowerCase();
  return `${region}-${language}`;
}

/** Result links go through `//duckduckgo.com/l/?uddg=<target>`; the target is the result. */
export function resultTarget(href: string | null): string | undefined {
  if (href === null) return undefined;
  const absolute = httpUrl(href);
  if (absolute === undefined) return undefined;
  const url = new URL(absolute);
  if (url.hostname.endsWith('duckduckgo.com') && url.pathname === '/l/') return httpUrl(url.searchParams.get('uddg') ?? undefined);
  return url.hostname.endsWith('duckduckgo.com') ? undefined : absolute;
}

interface ParsedPage {
  readonly hits: EngineHit<'web'>[];
  /** The form fields of the "Next" button, when there is a next page. */
  readonly next?: URLSearchParams;
}

export async function parseResultsPage(html: string): Promise<ParsedPage> {
  // linkedom (about 17 MB) is imported with the first page that needs it, not with the server.
  const { DOMParser } = await import('linkedom');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const results = [...doc.querySelectorAll('div.result')].filter((result) => !result.classList.contains('result--ad'));
  const hits = results.flatMap((result): EngineHit<'web'>[] => {
    const anchor = result.querySelector('a.result__a');
    const url = resultTarget(anchor?.getAttribute('href') ?? null);
    const title: string | undefined = anchor?.textContent?.replace(/\s+/g, ' ').trim();
    if (url === undefined || title === undefined || title === '') return [];
    const snippet: string | undefined = result.querySelector('.result__snippet')?.textContent?.replace(/\s+/g, ' ').trim();
    return [{ item: defined({ title, url, description: snippet === '' ? undefined : snippet }) }];
  });
  if (hits.length === 0 && results.length === 0 && doc.querySelector('.no-results') === null) {
    throw new EngineError(NAME, 'bad_response', 'the results page layout was not recognised');
  }
  const nextForm = [...doc.querySelectorAll('.nav-link form')].find((form) => form.querySelector('input[name="s"]') !== null);
  if (nextForm === undefined) return { hits };
  const next = new URLSearchParams();
  for (const input of nextForm.querySelectorAll('input[name]')) {
    if (input.getAttribute('type') === 'submit') continue;
    next.set(input.getAttribute('name') ?? '', input.getAttribute('value') ?? '');
  }
  return { hits, next };
}

export function createDuckDuckGoEngine(options: DuckDuckGoOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 1 }, keyed: false });
  const baseUrl = options.baseUrl ?? DUCKDUCKGO_DEFAULT_URL;
  const autocompleteUrl = options.autocompleteUrl ?? DUCKDUCKGO_AUTOCOMPLETE_DEFAULT_URL;
  const maxPages = options.maxPages ?? 5;
  const now = options.now ?? Date.now;

  async function web(request: EngineRequest, signal: AbortSignal): Promise<EngineResult> {
    const q = formatQuery(request.query, OPERATORS).slice(0, MAX_QUERY_LENGTH);
    if (q.trim() === '') return { vertical: 'web', hits: [] };
    const { start, count } = rangeOf(request);
    const url = endpoint(baseUrl, 'html/');
    let form: URLSearchParams | undefined = new URLSearchParams({ q, b: '', kl: duckduckgoRegion(request.country, request.lang) });
    const range = coveringRange(request.window, now(), ['d', 'w', 'm', 'y']);
    if (range !== undefined && range !== 'h') form.set('df', range);
    const hits: EngineHit<'web'>[] = [];
    for (let page = 0; page < maxPages && form !== undefined && hits.length < start + count; page++) {
      const response = await http.text({
        url,
        method: 'POST',
        body: form.toString(),
        signal,
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${new URL(baseUrl).origin}/` },
      });
      rejectBlockPage(NAME, response);
      const parsed = await parseResultsPage(response.body);
      hits.push(...parsed.hits);
      form = parsed.next;
    }
    return { vertical: 'web', hits: hits.slice(start, start + count) };
  }

  async function autocomplete(request: EngineRequest, signal: AbortSignal): Promise<EngineResult> {
    const url = endpoint(autocompleteUrl, 'ac/');
    url.searchParams.set('q', request.q);
    url.searchParams.set('kl', duckduckgoRegion(request.country, request.lang));
    const body = await http.json({ url, signal });
    if (!Array.isArray(body)) throw new EngineError(NAME, 'bad_response', 'suggestions answer is not a JSON array');
    const suggestions = Array.isArray(body[1])
      ? body[1].filter((entry): entry is string => typeof entry === 'string')
      : body.flatMap((entry) => {
          const phrase = isObject(entry) ? stringAt(entry, 'phrase') : undefined;
          return phrase === undefined ? [] : [phrase];
        });
    return { vertical: 'autocomplete', suggestions: suggestions.slice(0, request.num) };
  }

  return defineEngine({
    name: NAME,
    verticals: ['web', 'autocomplete'],
    operators: OPERATORS,
    recency: ['d', 'w', 'm', 'y'],
    sortsByDate: false,
    configured: () => options.enabled !== false,
    async search(request, signal) {
      return request.vertical === 'autocomplete' ? autocomplete(request, signal) : web(request, signal);
    },
  });
}
