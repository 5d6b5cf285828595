/**
 * Words of a text as ranking terms: lower-cased, accents kept apart from letters removed, common
 * English endings cut (a light stemmer: "prices" and "priced" meet "price"), and function words
 * dropped, so that a question's wording and a page's wording meet on what they are about.
 */

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does ' +
    'doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than ' +
    'that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves'
  ).split(' '),
);

/** A light suffix stripper: enough to join a word's common English forms, never a dictionary. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) word = word.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  if (word.endsWith('e') && word.length > 4) return word.slice(0, -1);
  return word;
}

/** The words of `text` that carry meaning: lower-cased, unstemmed, function words dropped, in order. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOPWORDS.has(word));
}

/** The terms of `text`, in order, with repeats. */
export function termsOf(text: string): string[] {
  return contentWords(text.normalize('NFKD').replace(/\p{M}/gu, '')).map(stem);
}

/**
 * A question as a search any engine can take: its content words joined by `OR`. Full-text engines
 * (the local index) require every word of a query, and a question's wording is rarely a page's;
 * undefined when the question has fewer than two such words (nothing to loosen).
 */
export function keywordQuery(question: string): string | undefined {
  const words = [...new Set(contentWords(question))].slice(0, 12);
  return words.length < 2 ? undefined : words.join(' OR ');
}
