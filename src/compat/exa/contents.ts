/** Page contents in Exa's shape: `text` (plain text of the main content) and `highlights`, from a Quarry scrape. */
import { CompatError } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { isRequestLevelFailure, scrapeVia, type ScrapedData } from '../scrape-bridge.js';
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

function shape(data: ScrapedData, options: ContentsOptions, query: string): PageContents {
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
    url: data.metadata.source_url,
    publishedDate: data.metadata.published,
    author: data.metadata.author,
    ...(options.text ? { text: maxCharacters === undefined ? text : text.slice(0, maxCharacters) } : {}),
    ...(highlights === undefined ? {} : { highlights, highlightScores: highlights.map(() => 1) }),
  };
}

export type ContentsOutcome =
  { readonly ok: true; readonly contents: PageContents; readonly credits: number } | { readonly ok: false; readonly status: number; readonly message: string };

/** Scrapes one URL for its contents; a failure of the caller (key, credits, throttle) throws. */
export async function contentsOf(rest: QuarryRest, apiKey: string, url: string, options: ContentsOptions, query = ''): Promise<ContentsOutcome> {
  const outcome = await scrapeVia(rest, apiKey, url, ['text'], { useCache: options.livecrawl !== 'always' });
  if (!outcome.ok) {
    if (isRequestLevelFailure(outcome.answer.status)) throw CompatError.fromRest(outcome.answer);
    return { ok: false, status: outcome.answer.status, message: CompatError.fromRest(outcome.answer).message };
  }
  return { ok: true, contents: shape(outcome.data, options, query), credits: Number(outcome.answer.headers['x-credits-used'] ?? 0) };
}
