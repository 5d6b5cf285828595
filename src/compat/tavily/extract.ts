import { randomUUID } from 'node:crypto';
import { CompatError, restErrorMessage } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { inOrder, isRequestLevelFailure, scrapeVia } from '../scrape-bridge.js';
import { creditsUsed } from '../search-bridge.js';
import type { TavilyExtractRequest } from './schemas.js';

/**
 * Tavily `POST /extract`: one Quarry scrape per URL (a few at a time), answered in order. A page that fails lands in
 * `failed_results` with Quarry's message; a failure of the caller (bad key, no credits,
 * throttled) stops the request and is answered as an error.
 */
export async function tavilyExtract(rest: QuarryRest, apiKey: string, body: TavilyExtractRequest) {
  if (body.include_images === true) throw new CompatError(400, 'include_images is not supported');
  const started = Date.now();
  const urls = typeof body.urls === 'string' ? [body.urls] : body.urls;
  const format = body.format ?? 'markdown';
  const outcomes = await inOrder(urls, async (url) => {
    const outcome = await scrapeVia(rest, apiKey, url, [format]);
    if (!outcome.ok && isRequestLevelFailure(outcome.answer.status)) throw CompatError.fromRest(outcome.answer);
    return { url, outcome };
  });
  const results = [];
  const failed = [];
  let credits = 0;
  for (const { url, outcome } of outcomes) {
    if (!outcome.ok) {
      failed.push({ url, error: restErrorMessage(outcome.answer) });
      continue;
    }
    credits += creditsUsed(outcome.answer);
    results.push({ url, title: outcome.data.metadata.title, raw_content: outcome.data[format] ?? '', images: [] });
  }
  return {
    results,
    failed_results: failed,
    response_time: Math.round((Date.now() - started) / 10) / 100,
    request_id: randomUUID(),
    ...(body.include_usage === true ? { usage: { credits } } : {}),
  };
}
