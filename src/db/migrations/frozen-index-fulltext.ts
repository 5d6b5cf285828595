/**
 * FROZEN: the full-text rows and the vocabulary as migrations 0005, 0011 and 0014 write them for
 * existing documents. Copied (issue 26) from src/local-index/fulltext-postgres.ts (`tsvectorLiteral`,
 * `tsvectorColumns`, `headTsvector`), src/local-index/fulltext-sqlite.ts (`insertFtsRow`),
 * src/local-index/fact-tokens.ts (`factLexemes`, `factsTsvector`) and src/local-index/vocabulary.ts
 * (`vocabularyWords`, `addToVocabulary`) as of commit 08f9c58.
 *
 * Frozen for the reason given in frozen-index-text.ts: what an old migration writes must not follow
 * later changes of the live index code. Never edit it to follow that code.
 */
import { sql } from 'kysely';
import { pageStems, PAIR_SEPARATOR, pairTokens, type FrozenColumns } from './frozen-index-text.js';
import type { AnyDb, DialectName } from './helpers.js';

/** PostgreSQL keeps word positions up to this value; later ones collapse onto it. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
/** Positions left empty between columns, so that no phrase can run from one column into the next. */
const COLUMN_GAP = 10;
const MAX_WORD_LENGTH = 500;

/** A tsvector literal: `'word':1A,5A 'other':9` (words are folded: letters and digits, no quotes). */
function tsvectorLiteral(columns: readonly { readonly words: readonly string[]; readonly weight: 'A' | 'B' | 'C' | 'D' }[]): string {
  const positions = new Map<string, string[]>();
  let position = 1;
  for (const { words, weight } of columns) {
    const suffix = weight === 'D' ? '' : weight;
    for (const word of words) {
      if (word.length <= MAX_WORD_LENGTH) {
        let list = positions.get(word);
        if (list === undefined) positions.set(word, (list = []));
        if (list.length < MAX_POSITIONS_PER_WORD && position <= MAX_POSITION) list.push(`${position}${suffix}`);
      }
      position++;
    }
    position += COLUMN_GAP;
  }
  return [...positions].map(([word, list]) => (list.length === 0 ? `'${word}'` : `'${word}':${list.join(',')}`)).join(' ');
}

const words = (text: string) => text.split(' ').filter(Boolean);

/** The tsvector of a document: title (A), URL (B), word pairs (C), text and stems (D). */
export function tsvectorColumns(folded: FrozenColumns & { readonly stems?: string }): string {
  return tsvectorLiteral([
    { words: words(folded.title), weight: 'A' },
    { words: words(folded.url), weight: 'B' },
    { words: words(folded.body), weight: 'D' },
    { words: words(folded.pairs), weight: 'C' },
    { words: words(folded.stems ?? ''), weight: 'D' },
  ]);
}

/** Words of the text in the small vector ranking reads. */
const HEAD_WORDS = 48;

/** The small vector ranking reads: title (A), URL (B), title and lead word pairs (C), lead text and its stems (D). */
export function headTsvector(folded: FrozenColumns, lang: string | null): string {
  const title = words(folded.title);
  const lead = words(folded.body).slice(0, HEAD_WORDS);
  return tsvectorLiteral([
    { words: title, weight: 'A' },
    { words: words(folded.url), weight: 'B' },
    { words: [...pairTokens(title), PAIR_SEPARATOR, ...pairTokens(lead)], weight: 'C' },
    { words: lead, weight: 'D' },
    { words: words(pageStems([...title, ...lead], lang)), weight: 'D' },
  ]);
}

/** The FTS5 row of a document (SQLite, the table as 0011 creates it). */
export async function insertFtsRow(db: AnyDb, id: number, folded: FrozenColumns & { readonly stems: string }): Promise<void> {
  await sql`INSERT INTO index_docs_fts (rowid, title, body, url, pairs, stems)
    VALUES (${id}, ${folded.title}, ${folded.body}, ${folded.url}, ${folded.pairs}, ${folded.stems})`.execute(db);
}

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

/** A quoted lexeme for a tsvector literal. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

interface DocFacts {
  readonly hostRev: string;
  readonly path: string;
  /** Folded words of the title, space-separated. */
  readonly title: string;
  /** Folded words of the URL, space-separated. */
  readonly urlText: string;
}

/** Code-point runs of `RUN` characters. */
function runs(text: string): string[] {
  const chars = [...text];
  const found: string[] = [];
  for (let i = 0; i + RUN <= chars.length; i++) found.push(chars.slice(i, i + RUN).join(''));
  return found;
}

/** The operator lexemes of a document (`site:`, `filetype:`, `intitle:`, `inurl:`), distinct. */
function factLexemes(facts: DocFacts): string[] {
  const lexemes = new Set<string>();
  const labels = facts.hostRev.split('.');
  for (let i = 1; i <= labels.length; i++) lexemes.add(`site:${labels.slice(0, i).join('.')}`);
  let dots = 0;
  for (let i = facts.path.length - 1; i >= 0 && dots < MAX_TYPE_DOTS; i--) {
    if (facts.path[i] !== '.') continue;
    dots++;
    const suffix = facts.path.slice(i);
    if (suffix.length <= MAX_TYPE_LENGTH) lexemes.add(`filetype:${suffix}`);
  }
  for (const word of facts.title.split(' ')) if (word !== '' && word.length <= MAX_TITLE_WORD) lexemes.add(`intitle:${word}`);
  const chars = [...facts.urlText];
  for (const run of runs(chars.slice(0, MAX_URL_RUNS).join(''))) lexemes.add(`inurl:${run}`);
  if (chars.length > MAX_URL_RUNS) lexemes.add(LONG_URL);
  return [...lexemes];
}

/** The operator lexemes as a tsvector literal (no positions: they are never part of a phrase). */
export const factsTsvector = (facts: DocFacts) => factLexemes(facts).map(quoted).join(' ');

/** The words of folded text the vocabulary keeps, distinct and sorted (one lock order for every writer). */
export function vocabularyWords(foldedTexts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of foldedTexts) for (const word of text.split(' ')) if (word.length >= 3 && word.length <= 40 && !/\d/.test(word)) found.add(word);
  return [...found].sort();
}

/** Adds words to `index_terms` (as 0011 creates it); a word already there is left as it is. */
export async function addToVocabulary(db: AnyDb, dialect: DialectName, terms: readonly string[]): Promise<void> {
  if (terms.length === 0) return;
  if (dialect === 'postgres') {
    await sql`INSERT INTO index_terms (term, len) SELECT w, length(w) FROM unnest(${terms}::text[]) AS w ORDER BY w ON CONFLICT (term) DO NOTHING`.execute(db);
  } else {
    await sql`INSERT INTO index_terms (term, len) SELECT value, length(value) FROM json_each(${JSON.stringify(terms)}) WHERE true ON CONFLICT (term) DO NOTHING`.execute(
      db,
    );
  }
}
