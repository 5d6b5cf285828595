/**
 * arXiv API (preprints), keyless: `GET <base>/api/query?search_query=…&start=&max_results=`,
 * answering an Atom feed. arXiv's terms ask for at most one request every three seconds, which
 * the default rate enforces. The query language takes `all:`/`ti:` fields, quoted phrases, `OR`
 * and `ANDNOT`, and `submittedDate:[… TO …]` windows to the minute, so `tbs` is applied exactly.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import { isNativelySupported, type ParsedQuery, type QueryClause, type QueryFeature, type SimpleClause } from '../query.js';
import type { TimeWindow } from '../tbs.js';
import { rejectBlockPage } from './http.js';
import { defined, httpUrl, parseDate } from './json-read.js';
import { collectByOffset, rangeOf } from './paging.js';
import { snippetOf } from './scholar-common.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'arxiv';
export const ARXIV_DEFAULT_URL = 'https://export.arxiv.org';

const MAX_RESULTS_PER_CALL = 2000;
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase', 'exclude', 'or', 'intitle']);

/** Letters, digits and inner hyphens: what survives arXiv's query tokenizer. */
function cleanWords(text: string): string {
  return (text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).join(' ');
}

function simpleTerm(clause: SimpleClause): string | undefined {
  const words = cleanWords(clause.value);
  if (words === '') return undefined;
  const quoted = words.includes(' ') ? `"${words}"` : words;
  if (clause.kind === 'operator') return clause.operator === 'intitle' ? `ti:${quoted}` : undefined;
  return `all:${quoted}`;
}

function clauseTerm(clause: QueryClause): string | undefined {
  if (clause.kind !== 'anyOf') return simpleTerm(clause);
  const options = clause.options.map(simpleTerm).filter((term): term is string => term !== undefined);
  return options.length === 0 ? undefined : `(${options.join(' OR ')})`;
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/** The `search_query` for a parsed query; clauses arXiv cannot apply are left to the router. Empty when nothing positive remains. */
export function arxivSearchQuery(query: ParsedQuery, window: TimeWindow): string {
  const positive: string[] = [];
  const negative: string[] = [];
  for (const clause of query.clauses) {
    if (!isNativelySupported(clause, OPERATORS)) continue;
    const term = clauseTerm(clause);
    if (term === undefined) continue;
    (clause.kind !== 'anyOf' && clause.negated ? negative : positive).push(term);
  }
  if (positive.length === 0) return '';
  if (window.since !== undefined || window.until !== undefined) {
    const from = window.since === undefined ? '000001010000' : stamp(window.since);
    const to = window.until === undefined ? '999912312359' : stamp(window.until);
    positive.push(`submittedDate:[${from} TO ${to}]`);
  }
  return [positive.join(' AND '), ...negative.map((term) => `ANDNOT ${term}`)].join(' ');
}

function textOf(element: { textContent: string | null } | undefined | null): string | undefined {
  const text = element?.textContent?.replace(/\s+/g, ' ').trim();
  return text === undefined || text === '' ? undefined : text;
}

function https(url: string | undefined): string | undefined {
  return httpUrl(url?.replace(/^http:\/\/arxiv\.org\//, 'https://arxiv.org/'));
}

interface FeedEntry {
  readonly hit?: EngineHit<'scholar'>;
}

async function parseFeed(xml: string): Promise<FeedEntry[]> {
  // linkedom (about 17 MB) is imported with the first page that needs it, not with the server.
  const { DOMParser } = await import('linkedom');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  if (doc.documentElement?.tagName.toLowerCase() !== 'feed') throw new EngineError(NAME, 'bad_response', 'answer is not an Atom feed');
  return [...doc.getElementsByTagName('entry')].map((entry) => {
    const id = textOf(entry.getElementsByTagName('id')[0]);
    const title = textOf(entry.getElementsByTagName('title')[0]);
    // arXiv reports a bad query as a feed whose only entry is an error.
    if (id?.includes('/api/errors'))
      throw new EngineError(NAME, 'bad_response', `arXiv refused the query: ${textOf(entry.getElementsByTagName('summary')[0]) ?? title ?? 'error'}`);
    const link = https(id);
    if (title === undefined || link === undefined) return {};
    const authors = [...entry.getElementsByTagName('author')].flatMap((author) => {
      const name = textOf(author.getElementsByTagName('name')[0]);
      return name === undefined ? [] : [name];
    });
    const pdf = [...entry.getElementsByTagName('link')].find((candidate) => candidate.getAttribute('title') === 'pdf');
    const published = parseDate(textOf(entry.getElementsByTagName('published')[0]));
    return {
      hit: {
        item: defined({
          title,
          link,
          snippet: snippetOf(textOf(entry.getElementsByTagName('summary')[0])),
          authors: authors.length === 0 ? undefined : authors.join(', '),
          publication: textOf(entry.getElementsByTagName('arxiv:journal_ref')[0]) ?? 'arXiv',
          year: published?.getUTCFullYear(),
          pdfUrl: https(pdf?.getAttribute('href') ?? undefined),
        }),
        ...(published === undefined ? {} : { publishedAt: published }),
      },
    };
  });
}

export function createArxivEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 1, periodSeconds: 3 }, keyed: false });
  const baseUrl = options.baseUrl ?? ARXIV_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['scholar'] as const,
    operators: OPERATORS,
    recency: 'exact',
    sortsByDate: true,
    configured: () => options.enabled !== false,
    async search(request, signal): Promise<EngineResult> {
      const searchQuery = arxivSearchQuery(request.query, request.window);
      if (searchQuery === '') return { vertical: 'scholar', hits: [] };
      const entries = await collectByOffset(rangeOf(request), MAX_RESULTS_PER_CALL, async (start, max) => {
        const url = endpoint(baseUrl, 'api/query');
        url.searchParams.set('search_query', searchQuery);
        url.searchParams.set('start', String(start));
        url.searchParams.set('max_results', String(max));
        url.searchParams.set('sortBy', request.window.sortByDate ? 'submittedDate' : 'relevance');
        url.searchParams.set('sortOrder', 'descending');
        const response = await http.text({ url, signal, headers: { accept: 'application/atom+xml' } });
        rejectBlockPage(NAME, response);
        return parseFeed(response.body);
      });
      return { vertical: 'scholar', hits: entries.flatMap((entry) => (entry.hit === undefined ? [] : [entry.hit])) };
    },
  });
}
