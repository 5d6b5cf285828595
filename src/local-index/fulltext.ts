/**
 * The dialect-specific half of the index: how documents enter and leave the full-text index and
 * how a planned query is run. SQLite uses a contentless FTS5 table ranked with `bm25()` and column
 * weights; PostgreSQL a weighted `tsvector` column with a GIN index ranked with `ts_rank_cd`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TimeWindow, ItemVertical } from '../search/index.js';
import type { QueryPlan } from './query-plan.js';

/** A document row to insert, with its text already folded for the full-text side. */
export interface DocInsert {
  readonly page_id: number;
  readonly vertical: ItemVertical;
  readonly ord: number;
  readonly title: string;
  readonly link: string;
  readonly host: string;
  readonly host_rev: string;
  readonly path: string;
  readonly url_text: string;
  readonly snippet: string | null;
  readonly item: string;
  readonly published_at: string | null;
  readonly dated_at: string;
  readonly lang: string | null;
  readonly country: string | null;
  /** The page's owner (0: shared). */
  readonly owner_id: number;
  /**
   * Folded words of the title, the searchable text and the URL, their word pairs (see `wordPairs`)
   * and the stem tokens of the title and text in the page's language (see stemming.ts).
   */
  readonly folded: { readonly title: string; readonly body: string; readonly url: string; readonly pairs: string; readonly stems: string };
}

export interface PlannedSearch {
  readonly vertical: ItemVertical;
  readonly plan: QueryPlan;
  readonly window: TimeWindow;
  /** Primary language subtag preferred in ranking. */
  readonly lang?: string;
  /** Country preferred in ranking. */
  readonly country?: string;
  readonly limit: number;
  readonly offset: number;
  /** Documents of the shared index (owner 0) and of this account are found; 0 for the shared index only. */
  readonly account: number;
}

export interface FoundDoc {
  readonly id: number;
  readonly page_id: number;
  readonly item: string;
  readonly published_at: string | null;
}

export interface FullText {
  /** Inserts document rows and their full-text entries (inside the caller's transaction). */
  insertDocs(trx: Kysely<Database>, docs: readonly DocInsert[]): Promise<void>;
  /** Deletes the documents of these pages and their full-text entries (the pages stay). */
  deleteDocsOfPages(trx: Kysely<Database>, pageIds: readonly number[]): Promise<void>;
  /** Documents of `vertical` satisfying every condition of the plan, best first (or newest first with `sortByDate`). */
  search(db: Kysely<Database>, request: PlannedSearch): Promise<FoundDoc[]>;
  /**
   * Titles of web documents containing `words` consecutively, the last one as a prefix when
   * `lastIsPrefix`, best match first, among the pages `account` may find.
   */
  titlesMatching(db: Kysely<Database>, words: readonly string[], lastIsPrefix: boolean, limit: number, account: number): Promise<string[]>;
  /** How many documents `account` may find hold the folded word (title, text or URL), counted up to `cap`. */
  documentsWith(db: Kysely<Database>, word: string, cap: number, account: number): Promise<number>;
  /** Bytes the index's tables take on disk (an estimate where the database cannot say exactly). */
  sizeBytes(db: Kysely<Database>): Promise<number>;
}
