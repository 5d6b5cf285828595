/**
 * Stemming for the local index: "quarries" finds "quarry", "running" finds "run".
 *
 * A page's words are stemmed with the Snowball algorithm of the page's language (its declared
 * `lang`, see locale.ts); a page of unknown or unsupported language is not stemmed. The stems are
 * indexed *beside* the words, never instead of them, so the exact word still matches (quoted
 * phrases and operators keep their exact meaning), and SQLite and PostgreSQL index the same tokens
 * from the same code: both give the same answers. A plain query word then also matches its stems
 * in the query's language and in English (most pages of unknown audience are), see `queryStems`.
 */
import snowball from 'snowball-stemmers';

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

/** Stems are memoised per language: pages repeat their vocabulary, and one stem costs ~15 µs. */
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

/** Words worth stemming: letters only (no numbers, codes or mixed tokens), three or more of them. */
const stemmable = (word: string) => word.length >= 3 && word.length <= 40 && !/\d/.test(word);

/**
 * Stems are indexed as tokens of their own, `_` + stem: folded words and word pairs never start
 * with `_`, so an exact word (a phrase, an exclusion) never matches a stem.
 */
const stemToken = (stem: string) => `_${stem}`;

/** The stem tokens of a page's folded words (each distinct stem once), joined by spaces. */
export function pageStems(words: readonly string[], lang: string | null | undefined): string {
  const stem = stemmerOf(lang);
  if (stem === undefined) return '';
  const stems = new Set<string>();
  const seen = new Set<string>();
  for (const word of words) {
    if (seen.has(word) || !stemmable(word)) continue;
    seen.add(word);
    const stemmed = stem(word);
    if (stemmed !== '') stems.add(stemToken(stemmed));
  }
  return [...stems].join(' ');
}

/**
 * The stem tokens a plain query word matches besides itself: its stems in the query's language
 * and in English, and the word as a stem ("run" finds "running", whose stem it is).
 */
export function queryStemTokens(word: string, lang: string | undefined): string[] {
  if (!stemmable(word)) return [];
  const stems = new Set<string>([stemToken(word)]);
  for (const language of new Set([lang, 'en'])) {
    const stemmed = stemmerOf(language)?.(word);
    if (stemmed !== undefined && stemmed !== '') stems.add(stemToken(stemmed));
  }
  return [...stems];
}
