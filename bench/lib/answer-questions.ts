/**
 * The answer benchmark's questions, made mechanically from real pages (`../shared/bench`) so that
 * anyone gets the same ones and nobody picks them: the page, its answer sentence, the question's
 * words, the distractor pages and the target's place among the results all follow from seeded
 * hashes of the page's id. Nothing here uses Quarry's own ranking code, so the questions do not
 * lean towards what it does.
 *
 * How a question is made from a page:
 * 1. The page's ground-truth main text is cut into lines (headings and paragraphs are lines of
 *    their own) and those into sentences (after `.`, `!` or `?` and white space, before a capital,
 *    digit or quote).
 * 2. A sentence can be an answer when it has 12–45 words, ends with `.`, `!` or `?`, has at least
 *    6 distinct content words (letters, 3+ characters, not a function word), and occurs verbatim
 *    (white space aside) in the text Quarry extracted from the page, once; one is drawn.
 * 3. The question keeps half of those content words (at least 3, at most 6), drawn at random and
 *    shuffled, after a question word: "How insulation attic heat winter?". No word is changed.
 * 4. The search answers with 5 pages: the target and the 4 pages of the rest of the corpus that a
 *    plain BM25 over whole pages (ground truth) ranks highest for the question's words, with the
 *    target at a drawn place among them.
 * 5. A fixed hash of the page's id puts the question in the dev or the held-out half.
 */

import { seededRandom } from './seeded-random.js';

/** A corpus page as the benchmark knows it. */
export interface CorpusPage {
  readonly id: string;
  readonly title: string;
  /** The ground-truth main text. */
  readonly truth: string;
}

export interface Question {
  readonly pageId: string;
  readonly question: string;
  /** The answer passage: the sentence, as the ground truth has it. */
  readonly sentence: string;
  /** The 5 pages the search returns, in order (ids). */
  readonly results: readonly string[];
  readonly half: 'dev' | 'held-out';
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const seeded = seededRandom;

const FUNCTION_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does ' +
    'doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just may me might more ' +
    'most must my no nor not now of off on once one only or other our ours out over own same she should so some such than that the their theirs them ' +
    'then there these they this those through to too under until up upon us very was we were what when where which while who whom why will with would ' +
    'yet you your yours'
  ).split(' '),
);
const QUESTION_WORDS = ['What', 'How', 'Why', 'When', 'Who', 'Which', 'Where'];

export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Distinct content words of a sentence, lower-cased, in order. */
function contentWordsOf(sentence: string): string[] {
  const words = sentence.toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3 && !FUNCTION_WORDS.has(word)))];
}

/** Step 1–2: the sentences of a ground truth that can be answers, given the page's extracted text. */
function answerSentences(truth: string, extracted: string): string[] {
  const text = normalise(extracted);
  const sentences = truth
    .split('\n')
    .flatMap((paragraph) => normalise(paragraph).split(/(?<=[.!?]["'”’)]?)\s+(?=["“'‘(]?[\p{Lu}\p{N}])/u))
    .map(normalise);
  return sentences.filter((sentence) => {
    const words = sentence.split(' ').length;
    if (words < 12 || words > 45 || !/[.!?]["'”’)]?$/.test(sentence)) return false;
    if (contentWordsOf(sentence).length < 6) return false;
    const at = text.indexOf(sentence);
    return at >= 0 && text.indexOf(sentence, at + 1) < 0;
  });
}

/** Step 3: the question for a sentence. */
function questionFor(sentence: string, random: () => number): string {
  const words = contentWordsOf(sentence);
  const keep = Math.min(6, Math.max(3, Math.ceil(words.length / 2)));
  const pool = [...words];
  const kept: string[] = [];
  while (kept.length < keep && pool.length > 0) kept.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  const questionWord = QUESTION_WORDS[Math.floor(random() * QUESTION_WORDS.length)]!;
  return `${questionWord} ${kept.join(' ')}?`;
}

/** Step 4's search: plain BM25 of whole pages (k1 1.2, b 0.75) over the corpus's ground truths. */
export function pageSearch(pages: readonly CorpusPage[]): (words: readonly string[], exclude: string, count: number) => string[] {
  const docs = pages.map((page) => {
    const counts = new Map<string, number>();
    const words = page.truth.toLowerCase().match(/\p{L}+/gu) ?? [];
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { id: page.id, counts, length: words.length };
  });
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length;
  const df = new Map<string, number>();
  for (const doc of docs) for (const word of doc.counts.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  return (words, exclude, count) =>
    docs
      .filter((doc) => doc.id !== exclude)
      .map((doc) => {
        let score = 0;
        for (const word of words) {
          const tf = doc.counts.get(word) ?? 0;
          if (tf === 0) continue;
          const n = df.get(word) ?? 0;
          const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
          score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / average));
        }
        return { id: doc.id, score };
      })
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, count)
      .map((doc) => doc.id);
}

/**
 * Steps 2–5 for one page, or undefined when it has no sentence that can be an answer. Distractors
 * are taken in search order among the pages `readable` accepts (pages Quarry can read: a saved
 * anti-bot challenge would only time its failure).
 */
export async function makeQuestion(
  page: CorpusPage,
  extracted: string,
  search: ReturnType<typeof pageSearch>,
  readable: (id: string) => Promise<boolean>,
  pagesPerQuestion: number,
): Promise<Question | undefined> {
  const candidates = answerSentences(page.truth, extracted);
  if (candidates.length === 0) return undefined;
  const random = seeded(hash(`question:${page.id}`));
  const sentence = candidates[Math.floor(random() * candidates.length)]!;
  const question = questionFor(sentence, random);
  const results: string[] = [];
  for (const id of search(contentWordsOf(question), page.id, 4 * pagesPerQuestion)) {
    if (results.length === pagesPerQuestion - 1) break;
    if (await readable(id)) results.push(id);
  }
  results.splice(Math.floor(random() * pagesPerQuestion), 0, page.id);
  return { pageId: page.id, question, sentence, results, half: hash(`half:${page.id}`) % 2 === 0 ? 'dev' : 'held-out' };
}

/** The order pages are tried as targets: by a hash of their id, so any prefix is a fair sample. */
export function targetOrder(pages: readonly CorpusPage[]): CorpusPage[] {
  return [...pages].sort((a, b) => hash(`target:${a.id}`) - hash(`target:${b.id}`) || (a.id < b.id ? -1 : 1));
}
