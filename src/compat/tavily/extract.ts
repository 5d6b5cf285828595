import { randomUUID } from 'node:crypto';
import type { Caller } from '../../credits/metered.js';
import { SCRAPE_USE_CASE_ENDPOINT } from '../../use-cases/scrape.js';
import { meteredOp, type AgentOps } from '../agent-ops.js';
import { CompatError } from '../compat-error.js';
import { domainFailure, isCallerFailure } from '../domain-errors.js';
import { inOrder } from '../scrape-bridge.js';
import type { TavilyExtractRequest } from './schemas.js';

type PageOutcome = { readonly ok: true; readonly title: string | null; readonly content: string } | { readonly ok: false; readonly error: string };

/**
 * Tavily `POST /extract`: the URLs read (a few at a time) as ONE metered operation, answered in
 * order. A page that fails lands in `failed_results` with its domain error's message and costs
 * nothing; a failure of the caller (no credits, throttled, gone) is the answer.
 */
export async function tavilyExtract(ops: AgentOps, caller: Caller, body: TavilyExtractRequest) {
  if (body.include_images === true) throw new CompatError(400, 'include_images is not supported');
  const started = Date.now();
  const urls = typeof body.urls === 'string' ? [body.urls] : body.urls;
  const format = body.format ?? 'markdown';
  const pageOf = (page: { result: { data: { metadata: { title: string | null }; markdown?: string; text?: string } } }): PageOutcome => ({
    ok: true,
    title: page.result.data.metadata.title,
    content: page.result.data[format] ?? '',
  });
  // Every page stored: one charge of their total, no hold (as a REST cache hit).
  const known = async () => {
    const all = await ops.scrape.allStored(urls.map((url) => ({ url, formats: [format] })));
    return all === undefined ? undefined : { body: all.body.map(pageOf), cost: all.cost };
  };
  const done = await meteredOp(
    ops,
    caller,
    SCRAPE_USE_CASE_ENDPOINT,
    urls.length * ops.scrape.maxCost,
    async (signal) => {
      let cost = 0;
      const pages = await inOrder(urls, async (url): Promise<PageOutcome> => {
        try {
          const page = await ops.scrape.run(caller.accountId, { url, formats: [format] }, signal);
          cost += page.cost;
          return pageOf(page.body);
        } catch (error) {
          const known = domainFailure(error);
          if (known === undefined || isCallerFailure(error)) throw error;
          return { ok: false, error: known.message };
        }
      });
      return { body: pages, cost };
    },
    known,
  );
  const results = [];
  const failed = [];
  for (const [index, page] of done.body.entries()) {
    const url = urls[index]!;
    if (page.ok) results.push({ url, title: page.title, raw_content: page.content, images: [] });
    else failed.push({ url, error: page.error });
  }
  return {
    results,
    failed_results: failed,
    response_time: Math.round((Date.now() - started) / 10) / 100,
    request_id: randomUUID(),
    ...(body.include_usage === true ? { usage: { credits: done.charged } } : {}),
  };
}
