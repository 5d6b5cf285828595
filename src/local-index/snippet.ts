/** Query-aware snippets: the passage of a page's text that best shows why it matched. */
import { clip, foldedWords } from './text.js';

const SNIPPET_CHARS = 240;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * The sentence (with what follows, up to about 240 characters) holding the most distinct query
 * words, the earliest on a tie; undefined when no sentence holds any.
 */
export function querySnippet(text: string, words: readonly string[]): string | undefined {
  if (words.length === 0 || text === '') return undefined;
  const wanted = new Set(words);
  const sentences = sentencesOf(text);
  let best = -1;
  let bestScore = 0;
  sentences.forEach((sentence, index) => {
    const present = new Set(foldedWords(sentence).filter((word) => wanted.has(word)));
    if (present.size > bestScore) {
      best = index;
      bestScore = present.size;
    }
  });
  if (best < 0) return undefined;
  return clip(sentences.slice(best).join(' '), SNIPPET_CHARS);
}

/** Whether `text` mentions at least one of the query words. */
export function mentionsAny(text: string | undefined, words: readonly string[]): boolean {
  if (text === undefined) return false;
  const wanted = new Set(words);
  return foldedWords(text).some((word) => wanted.has(word));
}
