/**
 * Operators as lexemes of PostgreSQL's `tsv`, so that `site:`, `filetype:`, `intitle:` and `inurl:`
 * (and their negations) are answered by the same GIN scan as the words: one exact bitmap, whose
 * size bounds the rows read. As SQL filters they made every operator query read the wide row of
 * each word match (a common word: tens of thousands) to test the operator.
 *
 * Each lexeme is exactly equivalent to the condition it stands for (see sql-conds.ts), or, for
 * `inurl:` and multi-word `intitle:`, a superset that the exact SQL condition then narrows:
 * - `site:com.example`: the reversed host and each of its label prefixes (`site:a.com` = the host
 *   `a.com` or one ending in `.a.com`);
 * - `filetype:.tar.gz`: each suffix of the path that starts at one of its last dots;
 * - `intitle:word`: each folded word of the title;
 * - `inurl:abc`: each three-character run of the URL's folded words.
 * Folded words hold letters and digits only and stems and word pairs no `:`, so no lexeme of one
 * kind is a lexeme of another.
 */
import type { Cond, TextCond } from './query-plan.js';

/** A `filetype:` suffix is a lexeme when it has at most this many dots … */
const MAX_TYPE_DOTS = 4;
/** … and at most this many characters. */
const MAX_TYPE_LENGTH = 64;
/** Title words longer than this are not indexed (as in the tsvector of the text). */
const MAX_TITLE_WORD = 500;
/** URL text past this many characters adds no runs; such a URL carries `LONG_URL` instead. */
const MAX_URL_RUNS = 1024;
const LONG_URL = 'inurl:…';
const RUN = 3;

/** A quoted lexeme for a tsvector or tsquery literal. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export interface DocFacts {
  readonly hostRev: string;
  readonly path: string;
  /** Folded words of the title, space-separated. */
  readonly title: string;
  /** Folded words of the URL, space-separated. */
  readonly urlText: string;
}

const siteLexeme = (hostRev: string) => `site:${hostRev}`;
const typeLexeme = (suffix: string) => `filetype:${suffix}`;
const titleLexeme = (word: string) => `intitle:${word}`;
const runLexeme = (run: string) => `inurl:${run}`;

/** Code-point runs of `RUN` characters. */
function runs(text: string): string[] {
  const chars = [...text];
  const found: string[] = [];
  for (let i = 0; i + RUN <= chars.length; i++) found.push(chars.slice(i, i + RUN).join(''));
  return found;
}

/** The fact lexemes of a document, distinct. */
export function factLexemes(facts: DocFacts): string[] {
  const lexemes = new Set<string>();
  const labels = facts.hostRev.split('.');
  for (let i = 1; i <= labels.length; i++) lexemes.add(siteLexeme(labels.slice(0, i).join('.')));
  let dots = 0;
  for (let i = facts.path.length - 1; i >= 0 && dots < MAX_TYPE_DOTS; i--) {
    if (facts.path[i] !== '.') continue;
    dots++;
    const suffix = facts.path.slice(i);
    if (suffix.length <= MAX_TYPE_LENGTH) lexemes.add(typeLexeme(suffix));
  }
  for (const word of facts.title.split(' ')) if (word !== '' && word.length <= MAX_TITLE_WORD) lexemes.add(titleLexeme(word));
  const chars = [...facts.urlText];
  for (const run of runs(chars.slice(0, MAX_URL_RUNS).join(''))) lexemes.add(runLexeme(run));
  if (chars.length > MAX_URL_RUNS) lexemes.add(LONG_URL);
  return [...lexemes];
}

/** The fact lexemes as a tsvector literal (no positions: they are never part of a phrase). */
export const factsTsvector = (facts: DocFacts) => factLexemes(facts).map(quoted).join(' ');

const all = (parts: readonly string[]) => `(${parts.join(' & ')})`;

/**
 * A tsquery over fact lexemes for a condition: `exact` when it holds exactly where the condition
 * does, else a superset (the condition must still be checked). Undefined when no lexeme helps.
 */
export function factQuery(cond: Exclude<Cond, TextCond | { kind: 'not' } | { kind: 'or' }>): { query: string; exact: boolean } | undefined {
  switch (cond.kind) {
    case 'site':
      return { query: quoted(siteLexeme(cond.hostRev)), exact: cond.pathPrefix === '' };
    case 'filetype': {
      const dots = cond.suffix.split('.').length - 1;
      if (dots > MAX_TYPE_DOTS || cond.suffix.length > MAX_TYPE_LENGTH) return undefined;
      return { query: quoted(typeLexeme(cond.suffix)), exact: true };
    }
    case 'inurl': {
      const needle = runs(cond.needle);
      if (needle.length === 0) return undefined;
      return { query: `(${all([...new Set(needle)].map((run) => quoted(runLexeme(run))))} | ${quoted(LONG_URL)})`, exact: false };
    }
  }
}

/** The title lexemes of an `intitle:` condition: exact for one word, a superset for a phrase. */
export function titleQuery(cond: TextCond): { query: string; exact: boolean } | undefined {
  const words = cond.words.filter((word) => word.length <= MAX_TITLE_WORD);
  if (words.length < cond.words.length) return undefined;
  return { query: all([...new Set(words)].map((word) => quoted(titleLexeme(word)))), exact: words.length === 1 };
}
