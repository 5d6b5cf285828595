/** Page contents in Exa's shape: `text` (plain text of the main content) and `highlights`, from a Quarry scrape. */
import { CompatError } from '../compat-error.js';
import type { QuarryRest } from '../quarry-rest.js';
import { isRequestLevelFailure, scrapeVia, type ScrapedData } from '../scrape-bridge.js';
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

const SENTENCE = /[^.!?\n]+[.!?]?/g;

/** The sentences of `text` sharing most words with `query` (the first ones when no query), in groups. */
export function pickHighlights(text: string, query: string, sentencesPerHighlight: number, count: number): string[] {
  const sentences = (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
  const words = new Set(
    query
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2),
  );
  const scored = sentences.map((sentence, index) => ({
    index,
    score: sentence
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => words.has(w)).length,
  }));
  const best = [...scored].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, count);
  return best.sort((a, b) => a.index - b.index).map(({ index }) => sentences.slice(index, index + sentencesPerHighlight).join(' '));
}

function shape(data: ScrapedData, options: ContentsOptions, query: string): PageContents {
  const text = data.text ?? '';
  const maxCharacters = typeof options.text === 'object' ? options.text.maxCharacters : undefined;
  const highlightOptions = typeof options.highlights === 'object' ? options.highlights : {};
  const highlights = options.highlights
    ? pickHighlights(text, highlightOptions.query ?? query, highlightOptions.numSentences ?? 1, highlightOptions.highlightsPerUrl ?? 1).map((h) =>
        highlightOptions.maxCharacters === undefined ? h : h.slice(0, highlightOptions.maxCharacters),
      )
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
