import { randomUUID } from 'node:crypto';
import { CompatError } from '../compat-error.js';
import type { Caller } from '../../credits/index.js';
import { SEARCH_ENDPOINT, type SearchHit, type SearchInput, type SearchResult } from '../../use-cases/search.js';
import { inOrder } from '../../use-cases/in-order.js';
import type { AgentOps } from '../agent-ops.js';
import { answerDepth, tavilyAnswered } from './answer.js';
import { queryWithDomains, rangeTbs, rankScore } from '../search-filters.js';
import type { TavilySearchRequest } from './schemas.js';

const TIME_RANGE_TBS: Record<string, string> = { year: 'qdr:y', y: 'qdr:y', month: 'qdr:m', m: 'qdr:m', week: 'qdr:w', w: 'qdr:w', day: 'qdr:d', d: 'qdr:d' };

/** Options Tavily offers that would change the answer and Quarry cannot honour: refused, never ignored. */
function refuseUnsupported(body: TavilySearchRequest): void {
  const refused: [boolean, string][] = [
    [
      answerDepth(body) !== undefined && body.include_raw_content !== undefined && body.include_raw_content !== false,
      'include_raw_content cannot be combined with include_answer: the answer reads the pages itself',
    ],
    [body.include_images === true, 'include_images is not supported'],
    [body.include_image_descriptions === true, 'include_image_descriptions is not supported'],
    [body.auto_parameters === true, 'auto_parameters is not supported'],
    [
      [body.time_range, body.days, body.start_date ?? body.end_date].filter((v) => v !== undefined).length > 1,
      'use only one of time_range, days and start_date/end_date',
    ],
  ];
  const problem = refused.find(([bad]) => bad);
  if (problem) throw new CompatError(400, problem[1]);
}

function tbsOf(body: TavilySearchRequest): string | undefined {
  if (body.time_range !== undefined) return TIME_RANGE_TBS[body.time_range];
  if (body.days !== undefined) return `qdr:d${body.days}`;
  return rangeTbs(body.start_date, body.end_date);
}

/** A date as Tavily and Exa write it: ISO 8601, UTC. */
export function isoDate(date: Date | undefined): string | undefined {
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Tavily `POST /search`: one search (and, for `include_raw_content`, a scrape per result) as ONE
 * metered operation: one hold of the search's price plus the most each scrape can cost, one
 * charge of what it did cost (a page that cannot be read costs nothing and keeps its result).
 * With `include_answer`, the answer use case's one operation instead (see answer.ts).
 */
export async function tavilySearch(ops: AgentOps, caller: Caller, body: TavilySearchRequest) {
  refuseUnsupported(body);
  const started = Date.now();
  const input: SearchInput = {
    query: queryWithDomains(body.exact_match === true ? `"${body.query.replace(/"/g, '')}"` : body.query, body.include_domains, body.exclude_domains),
    vertical: body.topic === 'news' ? 'news' : 'web',
    limit: body.max_results ?? 5,
    tbs: tbsOf(body),
    country: body.country,
  };
  const depth = answerDepth(body);
  if (depth !== undefined) {
    // Refused before anything is held when no engine can answer (nothing charged).
    await ops.search.ensureAnswerable(input);
    const answered = await tavilyAnswered(ops, caller, body, input, depth);
    return tavilyResponse(body, started, { hits: answered.hits, answer: answered.answer, charged: answered.charged });
  }
  const rawFormat = body.include_raw_content === 'text' ? 'text' : body.include_raw_content ? 'markdown' : undefined;
  const maxCost = ops.search.price + (rawFormat === undefined ? 0 : input.limit * ops.scrape.maxCost);
  const work = async (signal: AbortSignal) => {
    const found = await ops.search.run(caller.accountId, input, signal);
    if (rawFormat === undefined) return found;
    let cost = found.cost;
    const raw = await inOrder(found.body.hits, async (hit) => {
      try {
        const page = await ops.scrape.run(caller.accountId, { url: hit.url, formats: [rawFormat] }, signal);
        cost += page.cost;
        return page.body.result.data[rawFormat] ?? null;
      } catch (error) {
        if (signal.aborted) throw error;
        // A page that cannot be read keeps its result, with no raw content, as Tavily does.
        return null;
      }
    });
    return { body: { ...found.body, raw }, cost };
  };
  // Refused before anything is held when no engine can answer (nothing charged).
  await ops.search.ensureAnswerable(input);
  const known = rawFormat === undefined ? () => ops.search.stored(caller.accountId, input) : undefined;
  const done = await ops.metering.meter<SearchResult & { raw?: (string | null)[] }>(caller, SEARCH_ENDPOINT, maxCost, work, known);
  return tavilyResponse(body, started, { hits: done.body.hits, raw: done.body.raw, charged: done.charged });
}

interface Outcome {
  readonly hits: readonly SearchHit[];
  readonly raw?: readonly (string | null)[] | undefined;
  readonly answer?: string;
  readonly charged: number;
}

/** Tavily's answer body. */
function tavilyResponse(body: TavilySearchRequest, started: number, { hits, raw, answer, charged }: Outcome) {
  const results = hits.map((hit, index) => {
    const published = isoDate(hit.publishedAt);
    return {
      title: hit.title,
      url: hit.url,
      content: hit.snippet,
      score: rankScore(hit.position, hits.length),
      ...(published === undefined ? {} : { published_date: published }),
      ...(raw === undefined ? {} : { raw_content: raw[index] ?? null }),
    };
  });
  return {
    query: body.query,
    answer: answer ?? null,
    images: [],
    results,
    response_time: Math.round((Date.now() - started) / 10) / 100,
    request_id: randomUUID(),
    ...(body.include_usage === true ? { usage: { credits: charged } } : {}),
  };
}
