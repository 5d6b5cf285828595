/**
 * Quarry's own search index over the application database: pages, one searchable document per
 * result they yield (web entry, news article, image, video, paper, patent, place, product), the
 * query log behind autocomplete. Works on SQLite and PostgreSQL with the same answers.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type EngineHit, itemDocument, type ParsedQuery, type UnrankedItemOf, type TimeWindow, VERTICALS, type ItemVertical } from '../search/index.js';
import type { IndexablePage } from './documents.js';
import type { DocInsert, FullText } from './fulltext.js';
import { createPostgresFullText } from './fulltext-postgres.js';
import { createSqliteFullText } from './fulltext-sqlite.js';
import type { SqliteSearchOptions } from './fulltext-sqlite-search.js';
import type { PostgresSearchOptions } from './fulltext-postgres-search.js';
import { planQuery } from './query-plan.js';
import { mentionsAny, querySnippet } from './snippet.js';
import { docColumns, foldText, foldedWords } from './text.js';
import { correctQuery } from './autocorrect.js';
import { createQueryLogStore } from './query-log.js';
import { pageKey, urlFacts } from './url-facts.js';
import { addToVocabulary, vocabularyWords } from './vocabulary.js';
import type { AnyRecord } from './verticals/record.js';

export type IndexSource = 'scrape' | 'crawl' | 'import';

export interface IndexSearch {
  readonly vertical: ItemVertical;
  readonly query: ParsedQuery;
  /** Results per page, 1–100. */
  readonly num: number;
  /** 1-based. */
  readonly page: number;
  readonly window: TimeWindow;
  /** Preferred language (primary subtag, lower case). */
  readonly lang?: string;
  /** Preferred country (lower-case ISO code). */
  readonly country?: string;
  /** The account searching: it finds the shared index and its own pages. Default: the shared index only. */
  readonly account?: number;
}

export interface IndexStats {
  readonly pages: number;
  readonly documents: Readonly<Record<ItemVertical, number>>;
  /** Distinct queries in the autocomplete log. */
  readonly queries: number;
  /** Bytes on disk of the index tables (SQLite: their pages; PostgreSQL: relation sizes). */
  readonly bytes: number;
  /** When the most recently indexed page was indexed, ISO 8601. */
  readonly lastIndexed?: string;
}

export interface StoredPage {
  readonly url: string;
  /** True when the URL was not in the index before. */
  readonly created: boolean;
  /** Documents the page now has, per vertical. */
  readonly records: Partial<Record<ItemVertical, number>>;
}

export interface IndexStore {
  /**
   * Stores the page under its URL, replacing whatever the index held for that URL (its documents
   * included) in one transaction. `first_seen` survives replacement. Safe under concurrency.
   */
  putPage(page: IndexablePage, options: { readonly source: IndexSource; readonly now: Date; readonly owner?: number }): Promise<StoredPage>;
  /** One page of hits of the vertical satisfying every clause of the query exactly. */
  search(request: IndexSearch): Promise<EngineHit<ItemVertical>[]>;
  /**
   * Completions of `prefix` for `account`: its own searches, then shared queries that enough
   * accounts searched, by how often they were searched (recent searches weigh more), then titles
   * of pages it may find.
   */
  suggest(prefix: string, limit: number, account?: number): Promise<string[]>;
  /**
   * Counts one search of `query` by `account` for autocomplete, written within a second (see
   * query-log.ts). Blank queries and queries with operators are ignored.
   */
  recordQuery(query: string, at: Date, account: number): void;
  /** Writes the searches counted so far; at shutdown. */
  flushQueryLog(): Promise<void>;
  /**
   * The query with its unknown plain words replaced by the nearest words the index holds for
   * `account` (autocorrect), or `undefined` when nothing could be corrected.
   */
  correct(q: string, query: ParsedQuery, account?: number): Promise<{ q: string; query: ParsedQuery } | undefined>;
  stats(): Promise<IndexStats>;
  /** Removes the page stored under this URL; returns how many pages were removed (0 or 1). */
  removeUrl(url: string): Promise<number>;
  /** Removes every page of the host and its subdomains; returns how many were removed. */
  removeSite(host: string): Promise<number>;
}

function docRows(page: IndexablePage, pageId: number, firstSeen: string, owner: number): DocInsert[] {
  return page.records.map((record: AnyRecord, ord) => {
    const view = itemDocument(record.vertical, record.item);
    const link = view.url === '' ? page.url : view.url;
    const facts = urlFacts(new URL(link));
    const published = record.publishedAt?.toISOString() ?? null;
    const snippet = 'snippet' in record.item ? record.item.snippet : 'description' in record.item ? record.item.description : undefined;
    return {
      page_id: pageId,
      vertical: record.vertical,
      ord,
      title: record.item.title,
      link,
      host: facts.host,
      host_rev: facts.hostRev,
      path: facts.path,
      url_text: facts.urlText,
      snippet: snippet ?? null,
      item: JSON.stringify(record.item),
      published_at: published,
      dated_at: published ?? page.publishedAt?.toISOString() ?? firstSeen,
      lang: page.lang ?? null,
      country: page.country ?? null,
      owner_id: owner,
      folded: docColumns(record.item.title, record.text, facts.urlText, page.lang),
    };
  });
}

export interface IndexStoreOptions {
  /** How SQLite keeps queries with very common words fast (see fulltext-sqlite-search.ts). */
  readonly sqlite?: SqliteSearchOptions;
  /** How PostgreSQL bounds the work of a query (see fulltext-postgres-search.ts). */
  readonly postgres?: PostgresSearchOptions;
  /** `AUTOCOMPLETE_MIN_ACCOUNTS`: distinct accounts a query needs before others see it suggested. Default 5. */
  readonly autocompleteMinAccounts?: number;
  /** Told about a failed write of the autocomplete log (the counts of that write are lost). */
  readonly onQueryLogError?: (error: unknown) => void;
}

/** The owner of the shared index's pages. */
export const SHARED_OWNER = 0;

export function createIndexStore(db: Kysely<Database>, dialect: DialectName, options: IndexStoreOptions = {}): IndexStore {
  const fullText: FullText = dialect === 'postgres' ? createPostgresFullText(options.postgres) : createSqliteFullText(options.sqlite);
  const queryLog = createQueryLogStore(db, dialect, { minAccounts: options.autocompleteMinAccounts ?? 5, onError: options.onQueryLogError });

  async function removePages(pageIds: readonly number[]): Promise<number> {
    let removed = 0;
    for (let start = 0; start < pageIds.length; start += 500) {
      const chunk = pageIds.slice(start, start + 500);
      await db.transaction().execute(async (trx) => {
        await fullText.deleteDocsOfPages(trx, chunk);
        const result = await trx.deleteFrom('index_pages').where('id', 'in', chunk).executeTakeFirst();
        removed += Number(result.numDeletedRows);
      });
    }
    return removed;
  }

  /** Web hits show the passage that matched when the page's description does not mention the query. */
  async function withSnippets(vertical: ItemVertical, hits: EngineHit<ItemVertical>[], pageIds: number[], words: readonly string[]) {
    if (vertical !== 'web' || words.length === 0 || hits.length === 0) return hits;
    const bodies = new Map((await db.selectFrom('index_pages').select(['id', 'body']).where('id', 'in', pageIds).execute()).map((row) => [row.id, row.body]));
    return hits.map((hit, index) => {
      const item = hit.item as UnrankedItemOf<'web'>;
      if (mentionsAny(item.description, words)) return hit;
      const snippet = querySnippet(bodies.get(pageIds[index] ?? -1) ?? '', words);
      return snippet === undefined ? hit : { ...hit, item: { ...item, description: snippet } };
    });
  }

  return {
    async putPage(page, { source, now, owner = SHARED_OWNER }) {
      const url = pageKey(page.url);
      const at = now.toISOString();
      const published = page.publishedAt?.toISOString() ?? null;
      const bytes = Buffer.byteLength(page.body) + Buffer.byteLength(page.title) + Buffer.byteLength(page.description ?? '');
      return db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('index_pages')
          .values({
            url,
            host: page.host,
            title: page.title,
            description: page.description ?? null,
            body: page.body,
            lang: page.lang ?? null,
            country: page.country ?? null,
            published_at: published,
            first_seen: at,
            indexed_at: at,
            dated_at: published ?? at,
            source,
            bytes,
            owner_id: owner,
          })
          .onConflict((conflict) =>
            conflict.columns(['url', 'owner_id']).doUpdateSet({
              host: (eb) => eb.ref('excluded.host'),
              title: (eb) => eb.ref('excluded.title'),
              description: (eb) => eb.ref('excluded.description'),
              body: (eb) => eb.ref('excluded.body'),
              lang: (eb) => eb.ref('excluded.lang'),
              country: (eb) => eb.ref('excluded.country'),
              published_at: (eb) => eb.ref('excluded.published_at'),
              indexed_at: (eb) => eb.ref('excluded.indexed_at'),
              dated_at: sql`COALESCE(excluded.published_at, index_pages.first_seen)`,
              source: (eb) => eb.ref('excluded.source'),
              bytes: (eb) => eb.ref('excluded.bytes'),
            }),
          )
          .returning(['id', 'first_seen'])
          .executeTakeFirstOrThrow();
        await fullText.deleteDocsOfPages(trx, [stored.id]);
        const rows = docRows({ ...page, url }, stored.id, stored.first_seen, owner);
        await fullText.insertDocs(trx, rows);
        await addToVocabulary(trx, dialect, vocabularyWords(rows.flatMap((row) => [row.folded.title, row.folded.body])));
        const records: Partial<Record<ItemVertical, number>> = {};
        for (const record of page.records) records[record.vertical] = (records[record.vertical] ?? 0) + 1;
        return { url, created: stored.first_seen === at, records };
      });
    },

    async search(request) {
      const plan = planQuery(request.query, request.lang);
      const found = await fullText.search(db, {
        vertical: request.vertical,
        plan,
        window: request.window,
        limit: request.num,
        offset: (request.page - 1) * request.num,
        account: request.account ?? SHARED_OWNER,
        ...(request.lang === undefined ? {} : { lang: request.lang }),
        ...(request.country === undefined ? {} : { country: request.country }),
      });
      const hits = found.map((row): EngineHit<ItemVertical> => {
        const item = JSON.parse(row.item) as UnrankedItemOf<ItemVertical>;
        return row.published_at === null ? { item } : { item, publishedAt: new Date(row.published_at) };
      });
      return withSnippets(
        request.vertical,
        hits,
        found.map((row) => row.page_id),
        plan.words,
      );
    },

    async suggest(prefix, limit, account = SHARED_OWNER) {
      const words = foldedWords(prefix);
      if (words.length === 0) return [];
      const lastIsPrefix = !/\s$/.test(prefix);
      const key = words.join(' ') + (lastIsPrefix ? '' : ' ');
      const suggestions: string[] = [];
      const seen = new Set<string>();
      const add = (text: string) => {
        const folded = foldText(text);
        if (folded === '' || seen.has(folded) || suggestions.length >= limit) return;
        seen.add(folded);
        suggestions.push(text);
      };
      for (const query of await queryLog.underPrefix(key, limit, account)) add(query);
      if (suggestions.length < limit) {
        for (const title of await fullText.titlesMatching(db, words, lastIsPrefix, limit * 2, account)) add(title);
      }
      return suggestions;
    },

    recordQuery: (query, at, account) => queryLog.record(query, at, account),
    flushQueryLog: () => queryLog.flush(),

    correct: (q, query, account = SHARED_OWNER) => correctQuery({ db, documentsWith: (word, cap) => fullText.documentsWith(db, word, cap, account) }, q, query),

    async stats() {
      const pages = await db
        .selectFrom('index_pages')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('indexed_at').as('last')])
        .executeTakeFirstOrThrow();
      const perVertical = await db
        .selectFrom('index_docs')
        .select(['vertical', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('vertical')
        .execute();
      const queries = await db
        .selectFrom('search_query_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const documents = Object.fromEntries(VERTICALS.filter((v) => v !== 'autocomplete').map((v) => [v, 0])) as Record<ItemVertical, number>;
      for (const row of perVertical) if (row.vertical in documents) documents[row.vertical as ItemVertical] = Number(row.count);
      return {
        pages: Number(pages.count),
        documents,
        queries: Number(queries.count),
        bytes: Number(await fullText.sizeBytes(db)),
        ...(pages.last === null ? {} : { lastIndexed: pages.last }),
      };
    },

    async removeUrl(url) {
      const key = pageKey(url);
      const rows = await db.selectFrom('index_pages').select('id').where('url', '=', key).execute();
      return removePages(rows.map((row) => row.id));
    },

    async removeSite(host) {
      const domain = host
        .trim()
        .toLowerCase()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/[/:].*$/, '')
        .replace(/^\.+|\.+$/g, '');
      if (domain === '') return 0;
      // LIKE is only a pre-filter here (`_` in a host name is a wildcard to it); the test below is exact.
      const rows = await db
        .selectFrom('index_pages')
        .select(['id', 'host'])
        .where((eb) => eb.or([eb('host', '=', domain), eb('host', 'like', `%.${domain}`)]))
        .execute();
      const exact = rows.filter((row) => row.host === domain || row.host.endsWith(`.${domain}`));
      return removePages(exact.map((row) => row.id));
    },
  };
}
