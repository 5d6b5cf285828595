/**
 * FROZEN: the local index's text folding, word pairs and stems as migrations 0005, 0011 and 0014
 * re-index existing documents with them. Copied (issue 26) from src/search/query-match.ts
 * (`foldedWords`), src/local-index/text.ts and src/local-index/stemming.ts as of commit 08f9c58.
 *
 * A migration must compute the same rows on every database, whenever it runs: importing the live
 * code would let a later change of it silently change what an old migration writes (Kysely's own
 * guidance: migrations are frozen in time). Never edit this file to follow the live code; a
 * migration that needs newer behaviour carries its own copy.
 */
import snowball from 'snowball-stemmers';

/** The folded columns of a document, as the full-text tables of 0005–0014 hold them. */
export interface FrozenColumns {
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly pairs: string;
}

/** Lower-cased words of letters and digits, with accents removed. */
function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The folded words of `text` joined by single spaces. */
export function foldText(text: string): string {
  return foldedWords(text).join(' ');
}

/** Separates the columns in the word-pair text. */
export const PAIR_SEPARATOR = '_';

/** Adjacent word pairs ("a b c" → "a_b b_c") of each column's folded text, columns separated by `PAIR_SEPARATOR`. */
function wordPairs(columns: readonly string[]): string {
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

/** The full-text columns of a document from its folded title, text and URL words. */
export function foldedColumns(title: string, body: string, url: string): FrozenColumns {
  return { title, body, url, pairs: wordPairs([title, body, url]) };
}

/** The full-text columns of a document with the stem tokens of its title and text in the page's language. */
export function docColumns(title: string, text: string, urlText: string, lang: string | null | undefined): FrozenColumns & { readonly stems: string } {
  const folded = foldedColumns(foldText(title), foldText(text), urlText);
  return { ...folded, stems: pageStems(`${folded.title} ${folded.body}`.split(' '), lang) };
}

/** Primary language subtags with a Snowball stemmer, and its name. */
const ALGORITHMS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  it: 'italian',
  nb: 'norwegian',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/** Stems are memoised per language while a migration runs: pages repeat their vocabulary. */
const MAX_MEMO = 200_000;
const stemmers = new Map<string, (word: string) => string>();

function stemmerOf(lang: string | null | undefined): ((word: string) => string) | undefined {
  const algorithm = lang === null || lang === undefined ? undefined : ALGORITHMS[lang];
  if (algorithm === undefined) return undefined;
  let stem = stemmers.get(algorithm);
  if (stem === undefined) {
    const stemmer = snowball.newStemmer(algorithm);
    const memo = new Map<string, string>();
    stem = (word) => {
      let found = memo.get(word);
      if (found === undefined) {
        if (memo.size >= MAX_MEMO) memo.clear();
        found = stemmer.stem(word);
        memo.set(word, found);
      }
      return found;
    };
    stemmers.set(algorithm, stem);
  }
  return stem;
}

/** Words worth stemming: letters only, three to forty of them. */
const stemmable = (word: string) => word.length >= 3 && word.length <= 40 && !/\d/.test(word);

/** The stem tokens (`_` + stem, each distinct stem once) of a page's folded words, joined by spaces. */
export function pageStems(words: readonly string[], lang: string | null | undefined): string {
  const stem = stemmerOf(lang);
  if (stem === undefined) return '';
  const stems = new Set<string>();
  const seen = new Set<string>();
  for (const word of words) {
    if (seen.has(word) || !stemmable(word)) continue;
    seen.add(word);
    const stemmed = stem(word);
    if (stemmed !== '') stems.add(`_${stemmed}`);
  }
  return [...stems].join(' ');
}
