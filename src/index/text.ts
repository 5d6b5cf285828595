/**
 * Text as the index sees it: the same folding as the search core's post-filter (`foldedWords`:
 * lower case, accents removed, runs of letters and digits), so that what the index matches is
 * exactly what `matchesQuery` would accept.
 */
import { foldedWords } from '../search/query-match.js';

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
