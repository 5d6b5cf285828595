/**
 * Exa's `highlights`: the sentences of a page that best match a query, in groups. The page is
 * untrusted and may hold tens of thousands of sentences, and this runs on the main thread, so the
 * work is linear in the text, read only up to `MAX_HIGHLIGHT_SCAN_CHARACTERS` (tens of milliseconds
 * at most), and the output is bounded whatever the options: at most `MAX_HIGHLIGHTS_PER_URL`
 * highlights of at most `MAX_HIGHLIGHT_SENTENCES` sentences and `MAX_HIGHLIGHT_CHARACTERS` characters each.
 */

/** Most sentences one highlight holds (`numSentences`); Exa's clients ask for a handful. */
export const MAX_HIGHLIGHT_SENTENCES = 20;
/** Most highlights one page gives (`highlightsPerUrl`). */
export const MAX_HIGHLIGHTS_PER_URL = 20;
/** Longest highlight in characters (`maxCharacters`), and the length of one when none is asked for. */
export const MAX_HIGHLIGHT_CHARACTERS = 10_000;

/** Highlights come from this much of the page text (about 25,000 sentences): the main thread's time stays bounded. */
export const MAX_HIGHLIGHT_SCAN_CHARACTERS = 500_000;

const SENTENCE = /[^.!?\n]+[.!?]?/g;

interface Ranked {
  readonly index: number;
  readonly score: number;
}

function queryWords(query: string): Set<string> {
  return new Set(
    query
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2),
  );
}

function scoreOf(sentence: string, words: ReadonlySet<string>): number {
  if (words.size === 0) return 0;
  let score = 0;
  for (const word of sentence.toLowerCase().split(/\W+/)) if (words.has(word)) score++;
  return score;
}

/** Whether `a` ranks before `b`: the higher score, then the earlier sentence. */
const ranksBefore = (a: Ranked, b: Ranked) => a.score > b.score || (a.score === b.score && a.index < b.index);

/** The `count` best sentences, kept in a small sorted list as the text is read: O(sentences × count), no full sort. */
function bestSentences(sentences: readonly string[], words: ReadonlySet<string>, count: number): Ranked[] {
  const best: Ranked[] = [];
  for (const [index, sentence] of sentences.entries()) {
    const candidate = { index, score: scoreOf(sentence, words) };
    if (best.length === count && !ranksBefore(candidate, best[count - 1]!)) continue;
    let at = best.length;
    while (at > 0 && ranksBefore(candidate, best[at - 1]!)) at--;
    best.splice(at, 0, candidate);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Sentences from `start` joined with spaces, stopping as soon as `maxCharacters` is reached. */
function highlightFrom(sentences: readonly string[], start: number, sentenceCount: number, maxCharacters: number): string {
  let text = '';
  for (let i = start; i < sentences.length && i < start + sentenceCount && text.length < maxCharacters; i++) {
    text = text === '' ? sentences[i]! : `${text} ${sentences[i]!}`;
  }
  return text.slice(0, maxCharacters);
}

export interface HighlightRequest {
  readonly query: string;
  readonly sentencesPerHighlight: number;
  readonly count: number;
  readonly maxCharacters?: number | undefined;
}

/** The sentences of `text` sharing most words with the query (the first ones when none do), in groups, in page order. */
export function pickHighlights(text: string, request: HighlightRequest): string[] {
  const sentencesPerHighlight = Math.min(Math.max(1, request.sentencesPerHighlight), MAX_HIGHLIGHT_SENTENCES);
  const count = Math.min(Math.max(1, request.count), MAX_HIGHLIGHTS_PER_URL);
  const maxCharacters = Math.min(request.maxCharacters ?? MAX_HIGHLIGHT_CHARACTERS, MAX_HIGHLIGHT_CHARACTERS);
  const sentences: string[] = [];
  for (const match of text.slice(0, MAX_HIGHLIGHT_SCAN_CHARACTERS).matchAll(SENTENCE)) {
    const sentence = match[0].trim();
    if (sentence !== '') sentences.push(sentence);
  }
  return bestSentences(sentences, queryWords(request.query), count)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => highlightFrom(sentences, index, sentencesPerHighlight, maxCharacters));
}
