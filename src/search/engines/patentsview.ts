/**
 * PatentsView PatentSearch API (US granted patents), free key: `GET <base>/api/v1/patent/?q=&f=&o=&s=`
 * with `X-Api-Key`. `q` is a JSON query (`_text_all`, `_text_phrase`, `_gte`…), `o.size` ≤ 1000;
 * answers `{error, count, total_hits, patents[]}`. Its limit is 45 requests per minute per key.
 * Patent dates are days, so the router enforces `tbs` windows.
 */
import { defineEngine } from './define-engine.js';
import { EngineError, type EngineHit, type EngineResult, type SearchEngine } from '../engine.js';
import type { ParsedQuery, QueryFeature } from '../query.js';
import type { TimeWindow } from '../tbs.js';
import { arrayAt, defined, isObject, stringAt } from './json-read.js';
import { limitCovering, rangeOf } from './paging.js';
import { snippetOf } from './scholar-common.js';
import { isoDay } from './time-ranges.js';
import { endpoint, upstreamHttpFor, type UpstreamEngineOptions } from './upstream-options.js';

const NAME = 'patentsview';
export const PATENTSVIEW_DEFAULT_URL = 'https://search.patentsview.org';

const MAX_SIZE = 1000;
const OPERATORS: ReadonlySet<QueryFeature> = new Set(['phrase']);
const FIELDS = [
  'patent_id',
  'patent_title',
  'patent_date',
  'patent_abstract',
  'inventors.inventor_name_first',
  'inventors.inventor_name_last',
  'assignees.assignee_organization',
  'application.filing_date',
];

type PvQuery = Readonly<Record<string, unknown>>;

function textMatch(operator: '_text_all' | '_text_phrase', value: string): PvQuery {
  return { _or: [{ [operator]: { patent_title: value } }, { [operator]: { patent_abstract: value } }] };
}

/** The PatentSearch `q` for a parsed query: a patent number looks the patent up, words match title or abstract. */
export function patentQuery(query: ParsedQuery, window: TimeWindow): PvQuery | undefined {
  const conditions: PvQuery[] = [];
  const words: string[] = [];
  for (const clause of query.clauses) {
    if (clause.kind === 'anyOf' || clause.negated) continue;
    if (clause.kind === 'phrase') conditions.push(textMatch('_text_phrase', clause.value));
    else if (clause.kind === 'term') words.push(...(clause.value.match(/[\p{L}\p{N}]+/gu) ?? []));
    else if (clause.operator === 'intitle') words.push(clause.value);
  }
  const number = words.length === 1 ? /^(?:US)?(\d{5,8}|[A-Z]{1,2}\d{5,6})(?:[A-Z]\d?)?$/i.exec(words[0] ?? '') : null;
  if (number?.[1] !== undefined) conditions.push({ patent_id: number[1].toUpperCase() });
  else if (words.length > 0) conditions.push(textMatch('_text_all', words.join(' ')));
  if (conditions.length === 0) return undefined;
  if (window.since !== undefined) conditions.push({ _gte: { patent_date: isoDay(window.since) } });
  if (window.until !== undefined) conditions.push({ _lte: { patent_date: isoDay(window.until) } });
  return conditions.length === 1 ? conditions[0] : { _and: conditions };
}

function toHit(patent: unknown): EngineHit<'patents'> | undefined {
  const id = stringAt(patent, 'patent_id');
  const title = stringAt(patent, 'patent_title');
  if (id === undefined || title === undefined) return undefined;
  const inventors = (arrayAt(patent, 'inventors') ?? []).flatMap((inventor) => {
    const name = [stringAt(inventor, 'inventor_name_first'), stringAt(inventor, 'inventor_name_last')].filter(Boolean).join(' ');
    return name === '' ? [] : [name];
  });
  const assignee = (arrayAt(patent, 'assignees') ?? []).map((entry) => stringAt(entry, 'assignee_organization')).find(Boolean);
  const filing = (arrayAt(patent, 'application') ?? []).map((entry) => stringAt(entry, 'filing_date')).find(Boolean);
  const grant = stringAt(patent, 'patent_date');
  const day = (raw: string | undefined) => (raw !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);
  const number = `US${id}`;
  const granted = day(grant);
  return {
    item: defined({
      title,
      patentNumber: number,
      link: `https://patents.google.com/patent/${number}`,
      snippet: snippetOf(stringAt(patent, 'patent_abstract')),
      inventors: inventors.length === 0 ? undefined : inventors.join(', '),
      assignee,
      filingDate: day(filing),
      grantDate: granted,
    }),
    ...(granted === undefined ? {} : { publishedAt: new Date(`${granted}T00:00:00Z`) }),
  };
}

export function createPatentsViewEngine(options: UpstreamEngineOptions): SearchEngine {
  const http = upstreamHttpFor(NAME, options, { rate: { limit: 45, periodSeconds: 60 }, keyed: true });
  const baseUrl = options.baseUrl ?? PATENTSVIEW_DEFAULT_URL;

  return defineEngine({
    name: NAME,
    verticals: ['patents'],
    operators: OPERATORS,
    recency: 'none',
    sortsByDate: true,
    configured: () => options.apiKey !== undefined && options.apiKey !== '',
    notConfigured: 'PATENTSVIEW_API_KEY is not set',
    async search(request, signal): Promise<EngineResult> {
      const apiKey = options.apiKey ?? '';
      const q = patentQuery(request.query, request.window);
      if (q === undefined) return { vertical: 'patents', hits: [] };
      const range = rangeOf(request);
      const url = endpoint(baseUrl, 'api/v1/patent/');
      url.searchParams.set('q', JSON.stringify(q));
      url.searchParams.set('f', JSON.stringify(FIELDS));
      url.searchParams.set('o', JSON.stringify({ size: limitCovering(range, MAX_SIZE) }));
      if (request.window.sortByDate) url.searchParams.set('s', JSON.stringify([{ patent_date: 'desc' }]));
      const body = await http.json({ url, signal, headers: { 'x-api-key': apiKey } });
      if (!isObject(body) || body.error === true) {
        throw new EngineError(NAME, 'bad_response', `PatentSearch error: ${stringAt(body, 'reason') ?? 'unexpected answer'}`);
      }
      // The array is missing (or null) when nothing matched.
      const patents = arrayAt(body, 'patents') ?? [];
      const hits = patents.slice(range.start, range.start + range.count).flatMap((patent) => {
        const hit = toHit(patent);
        return hit === undefined ? [] : [hit];
      });
      return { vertical: 'patents', hits };
    },
  });
}
