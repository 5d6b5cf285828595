import { randomUUID } from 'node:crypto';
import { CompatError } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { inOrder, scrapeVia } from '../scrape-bridge.js';
import { creditsUsed, rangeTbs, rankScore, searchVia } from '../search-bridge.js';
import type { TavilySearchRequest } from './schemas.js';

const TIME_RANGE_TBS: Record<string, string> = { year: 'qdr:y', y: 'qdr:y', month: 'qdr:m', m: 'qdr:m', week: 'qdr:w', w: 'qdr:w', day: 'qdr:d', d: 'qdr:d' };

/** Options Tavily offers that would change the answer and Quarry cannot honour: refused, never ignored. */
function refuseUnsupported(body: TavilySearchRequest): void {
  const refused: [boolean, string][] = [
    [body.include_answer !== undefined && body.include_answer !== false, 'include_answer is not supported: Quarry returns results, not generated answers'],
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

/** Tavily `POST /search` over Quarry's combined search (and a scrape per result for `include_raw_content`). */
export async function tavilySearch(rest: QuarryRest, apiKey: string, body: TavilySearchRequest, now: () => Date) {
  refuseUnsupported(body);
  const started = Date.now();
  const outcome = await searchVia(
    rest,
    apiKey,
    {
      query: body.exact_match === true ? `"${body.query.replace(/"/g, '')}"` : body.query,
      vertical: body.topic === 'news' ? 'news' : 'web',
      limit: body.max_results ?? 5,
      includeDomains: body.include_domains,
      excludeDomains: body.exclude_domains,
      tbs: tbsOf(body),
      country: body.country,
    },
    now(),
  );
  if (!outcome.ok) throw CompatError.fromRest(outcome.answer);
  let credits = creditsUsed(outcome.answer);
  const rawFormat = body.include_raw_content === 'text' ? 'text' : body.include_raw_content ? 'markdown' : undefined;
  const results = await inOrder(outcome.items, async (item) => {
    let raw: { raw_content?: string | null } = {};
    if (rawFormat !== undefined) {
      const scraped = await scrapeVia(rest, apiKey, item.url, [rawFormat]);
      // A page that cannot be read keeps its result, with no raw content, as Tavily does.
      raw = { raw_content: scraped.ok ? (scraped.data[rawFormat] ?? null) : null };
      if (scraped.ok) credits += creditsUsed(scraped.answer);
    }
    return {
      title: item.title,
      url: item.url,
      content: item.snippet,
      score: rankScore(item.position, outcome.items.length),
      ...(item.publishedDate === undefined ? {} : { published_date: item.publishedDate }),
      ...raw,
    };
  });
  return {
    query: body.query,
    answer: null,
    images: [],
    results,
    response_time: Math.round((Date.now() - started) / 10) / 100,
    request_id: randomUUID(),
    ...(body.include_usage === true ? { usage: { credits } } : {}),
  };
}
