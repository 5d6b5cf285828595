/**
 * Text as the index sees it: the same folding as the search core's post-filter (`foldedWords`:
 * lower case, accents removed, runs of letters and digits), so that what the index matches is
 * exactly what `matchesQuery` would accept.
 */
import { foldedWords } from '../search/index.js';
import { pageStems } from './stemming.js';

export { foldedWords };

/** The folded words of `text` joined by single spaces. */
export function foldText(text: string): string {
  return foldedWords(text).join(' ');
}

/** Whitespace collapsed to single spaces and trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const clean = collapseWhitespace(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Separates the columns in the word-pair text, so that no pair sequence runs from one column into the next. */
export const PAIR_SEPARATOR = '_';

/**
 * Adjacent word pairs ("a b c" → "a_b b_c") of each column's folded text, columns separated by
 * `PAIR_SEPARATOR`. A phrase of words is then a phrase of pair tokens, which are rare even when
 * the words are not: that is what keeps phrase queries of common words fast.
 */
export function wordPairs(columns: readonly string[]): string {
  return columns
    .map((column) => {
      const words = column.split(' ').filter(Boolean);
      return words
        .slice(1)
        .map((word, index) => `${words[index]}_${word}`)
        .join(' ');
    })
    .filter((pairs) => pairs !== '')
    .join(` ${PAIR_SEPARATOR} `);
}

/** The pair tokens of a phrase's words, in order ("a", "b", "c" → ["a_b", "b_c"]). */
export function pairTokens(words: readonly string[]): string[] {
  return words.slice(1).map((word, index) => `${words[index]}_${word}`);
}

/** The full-text columns of a document: its title and text folded and stemmed in the page's language (see stemming.ts). */
export function docColumns(title: string, text: string, urlText: string, lang: string | null | undefined) {
  const folded = foldedColumns(foldText(title), foldText(text), urlText);
  return { ...folded, stems: pageStems(`${folded.title} ${folded.body}`.split(' '), lang) };
}

/** The full-text columns of a document from its folded title, text and URL words. */
export function foldedColumns(title: string, body: string, url: string): { title: string; body: string; url: string; pairs: string } {
  return { title, body, url, pairs: wordPairs([title, body, url]) };
}
