/** One scrape through the REST API (`POST /api/v1/scrape/`), metered like any REST scrape. */
import type { QuarryRest, RestAnswer } from './quarry-rest.js';

export interface ScrapedData {
  readonly markdown?: string;
  readonly text?: string;
  readonly json?: { readonly links?: readonly { readonly text: string; readonly url: string }[] };
  readonly metadata: {
    readonly title: string | null;
    readonly description: string | null;
    readonly url: string;
    readonly source_url: string;
    readonly status_code: number;
    readonly published: string | null;
    readonly author: string | null;
  };
}

export type ScrapeOutcome =
  { readonly ok: true; readonly data: ScrapedData; readonly answer: RestAnswer } | { readonly ok: false; readonly answer: RestAnswer };

export async function scrapeVia(
  rest: QuarryRest,
  apiKey: string,
  url: string,
  formats: readonly ('markdown' | 'text' | 'json')[],
  options: { readonly useCache?: boolean } = {},
): Promise<ScrapeOutcome> {
  const answer = await rest.post('/api/v1/scrape/', apiKey, { url, formats, ...(options.useCache === false ? { use_cache: false } : {}) });
  if (answer.status !== 200) return { ok: false, answer };
  return { ok: true, data: (answer.body as { data: ScrapedData }).data, answer };
}

/** Statuses that concern the caller, not one URL: they stop a multi-URL request as a whole. */
export function isRequestLevelFailure(status: number): boolean {
  return status === 401 || status === 402 || status === 403 || status === 429;
}

// Jina still reads its pages through this file; the helper now lives beside the use cases.
export { inOrder } from '../use-cases/in-order.js';
