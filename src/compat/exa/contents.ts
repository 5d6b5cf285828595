/** Page contents in Exa's shape: `text` (plain text of the main content) and `highlights`, from a Quarry scrape. */
import type { ScrapedData } from '../../scrape/service.js';
import type { ScrapeUseCase } from '../../use-cases/scrape.js';
import { CompatError } from '../compat-error.js';
import { domainFailure, isCallerFailure } from '../domain-errors.js';
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

/** Reads one URL for its contents, as a step of the caller's metered operation; a failure of the caller (credits, throttle, gone) throws. */
export async function contentsOf(
  scrape: ScrapeUseCase,
  account: number,
  url: string,
  options: ContentsOptions,
  signal: AbortSignal,
  query = '',
): Promise<ContentsOutcome> {
  try {
    const page = await scrape.run(account, contentsInput(url, options), signal);
    return { ok: true, contents: shape(page.body.result.data, url.trim(), options, query), cost: page.cost };
  } catch (error) {
    const known = domainFailure(error);
    if (known === undefined || isCallerFailure(error)) throw error;
    return { ok: false, status: known.status, message: known.message };
  }
}
