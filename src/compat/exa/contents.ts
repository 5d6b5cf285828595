/** Page contents in Exa's shape: `text` (plain text of the main content) and `highlights`, from a Quarry scrape. */
import type { ScrapedData } from '../../scrape/index.js';
import type { PageRead } from '../../use-cases/read-pages.js';
import type { ScrapeUseCase } from '../../use-cases/scrape.js';
import { CompatError } from '../compat-error.js';
import { pageFailure } from '../domain-errors.js';
import { pickHighlights } from './highlights.js';
import type { ContentsOptions } from './schemas.js';

export interface PageContents {
  readonly title: string | null;
  readonly url: string;
  readonly publishedDate: string | null;
  readonly author: string | null;
  readonly text?: string;
  readonly highlights?: string[];
  readonly highlightScores?: number[];
}

/** Refuses content options that would change the answer and that Quarry cannot give. */
export function checkContentOptions(options: ContentsOptions): void {
  if (typeof options.text === 'object' && options.text.includeHtmlTags === true) throw new CompatError(400, 'contents.text.includeHtmlTags is not supported');
}

/** A page's contents in Exa's shape, from its scrape. */
export function shape(data: ScrapedData, url: string, options: ContentsOptions, query: string): PageContents {
  const text = data.text ?? '';
  const maxCharacters = typeof options.text === 'object' ? options.text.maxCharacters : undefined;
  const highlightOptions = typeof options.highlights === 'object' ? options.highlights : {};
  const highlights = options.highlights
    ? pickHighlights(text, {
        query: highlightOptions.query ?? query,
        sentencesPerHighlight: highlightOptions.numSentences ?? 1,
        count: highlightOptions.highlightsPerUrl ?? 1,
        maxCharacters: highlightOptions.maxCharacters,
      })
    : undefined;
  return {
    title: data.metadata.title,
    url,
    publishedDate: data.metadata.published,
    author: data.metadata.author,
    ...(options.text ? { text: maxCharacters === undefined ? text : text.slice(0, maxCharacters) } : {}),
    ...(highlights === undefined ? {} : { highlights, highlightScores: highlights.map(() => 1) }),
  };
}

/** The scrape Exa's contents need of one URL. */
export function contentsInput(url: string, options: ContentsOptions) {
  return { url, formats: ['text' as const], useCache: options.livecrawl !== 'always' };
}

export type ContentsOutcome =
  { readonly ok: true; readonly contents: PageContents; readonly cost: number } | { readonly ok: false; readonly status: number; readonly message: string };

/** One page's contents, or its failure (a failure of the caller, or a bug, throws: it stops the whole operation). */
export function contentsOutcome(page: PageRead, url: string, options: ContentsOptions, query = ''): ContentsOutcome {
  if (page.ok) return { ok: true, contents: shape(page.output.result.data, url.trim(), options, query), cost: page.cost };
  const failure = pageFailure(page.error);
  return { ok: false, status: failure.status, message: failure.message };
}

/** Reads one URL for its contents, as a step of the caller's metered operation. */
export async function contentsOf(
  scrape: ScrapeUseCase,
  account: number,
  url: string,
  options: ContentsOptions,
  signal: AbortSignal,
  query = '',
): Promise<ContentsOutcome> {
  let page: PageRead;
  try {
    const read = await scrape.run(account, contentsInput(url, options), signal);
    page = { ok: true, output: read.body, cost: read.cost };
  } catch (error) {
    page = { ok: false, error };
  }
  return contentsOutcome(page, url, options, query);
}
