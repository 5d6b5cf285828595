/**
 * The index's vocabulary for autocorrect: every folded word (letters only, 3–40 of them) of the
 * titles and texts indexed, in `index_terms`. Rows are only ever added (`ON CONFLICT DO NOTHING`
 * takes no lock on a word already there, so concurrent indexing never waits on common words);
 * a word whose pages are gone stays, and counts no documents when autocorrect weighs it.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

type Executor = Parameters<ReturnType<typeof sql>['execute']>[0];

/** The words of folded text the vocabulary keeps, distinct and sorted (one lock order for every writer). */
export function vocabularyWords(foldedTexts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of foldedTexts) for (const word of text.split(' ')) if (word.length >= 3 && word.length <= 40 && !/\d/.test(word)) words.add(word);
  return [...words].sort();
}

export async function addToVocabulary(db: Executor, dialect: DialectName, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  if (dialect === 'postgres') {
    await sql`INSERT INTO index_terms (term, len) SELECT w, length(w) FROM unnest(${words}::text[]) AS w ORDER BY w ON CONFLICT (term) DO NOTHING`.execute(db);
  } else {
    await sql`INSERT INTO index_terms (term, len) SELECT value, length(value) FROM json_each(${JSON.stringify(words)}) WHERE true ON CONFLICT (term) DO NOTHING`.execute(
      db,
    );
  }
}

/** Whether the vocabulary holds the word. */
export async function isKnownWord(db: Kysely<Database>, word: string): Promise<boolean> {
  const row = await db.selectFrom('index_terms').select('term').where('term', '=', word).executeTakeFirst();
  return row !== undefined;
}

/** Known words that could be `word` mistyped by `edits` edits: the same first letter, a length within `edits`. */
export async function spellingCandidates(db: Kysely<Database>, word: string, edits: number, limit: number): Promise<string[]> {
  const first = word.slice(0, 1);
  const next = String.fromCodePoint((first.codePointAt(0) ?? 0) + 1);
  const rows = await db
    .selectFrom('index_terms')
    .select('term')
    .where('len', '>=', word.length - edits)
    .where('len', '<=', word.length + edits)
    .where('term', '>=', first)
    .where('term', '<', next)
    .limit(limit)
    .execute();
  return rows.map((row) => row.term);
}
