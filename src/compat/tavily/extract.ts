import { randomUUID } from 'node:crypto';
import type { Caller } from '../../credits/index.js';
import { readPages } from '../../use-cases/read-pages.js';
import type { AgentOps } from '../agent-ops.js';
import { CompatError } from '../compat-error.js';
import { pageFailure } from '../domain-errors.js';
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
  const done = await readPages(
    ops,
    caller,
    urls.map((url) => ({ url, formats: [format] })),
    (page): PageOutcome =>
      page.ok
        ? { ok: true, title: page.output.result.data.metadata.title, content: page.output.result.data[format] ?? '' }
        : { ok: false, error: pageFailure(page.error).message },
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
