import type { Generated } from 'kysely';

/**
 * Row types of every table. Timestamps are ISO 8601 UTC strings (`toISOString()`), which sort
 * and compare correctly as text on both SQLite and PostgreSQL; booleans are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  blacklisted_tokens: BlacklistedTokensTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  holds: HoldsTable;
  mail_outbox: MailOutboxTable;
  billing_transactions: BillingTransactionsTable;
  // Search index (src/local-index)
  index_pages: IndexPagesTable;
  index_docs: IndexDocsTable;
  search_query_log: SearchQueryLogTable;
  search_query_history: SearchQueryHistoryTable;
  index_terms: IndexTermsTable;
  crawl_jobs: CrawlJobsTable;
  crawl_frontier: CrawlFrontierTable;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  is_active: number;
  is_staff: Generated<number>;
  credits_balance: Generated<number>;
  failed_logins: Generated<number>;
  locked_until: string | null;
  date_joined: string;
  last_login: string | null;
  /** Login tokens of an older generation are refused (src/accounts/sessions.ts). */
  session_generation: Generated<number>;
}

export interface BlacklistedTokensTable {
  jti: string;
  user_id: number;
  expires_at: string;
  blacklisted_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  digest: string;
  ciphertext: string | null;
  is_active: number;
  created: string;
  last_used: string | null;
  revoked_at: string | null;
}

export type LedgerKind = 'grant' | 'purchase' | 'hold' | 'charge' | 'release' | 'refund' | 'adjustment';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  kind: LedgerKind;
  balance_after: number;
  api_key_id: number | null;
  endpoint: string | null;
  request_id: string | null;
  hold_id: string | null;
  idempotency_key: string | null;
  note: string | null;
  created: string;
}

export type HoldStatus = 'open' | 'settled' | 'expired';

export interface HoldsTable {
  id: string;
  user_id: number;
  api_key_id: number | null;
  amount: number;
  endpoint: string;
  request_id: string | null;
  status: HoldStatus;
  created: string;
  expires_at: string;
  settled_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created: string;
  sent_at: string | null;
}

export type BillingPaymentStatus = 'pending' | 'paid' | 'canceled' | 'failed';

/** A payment-provider transaction as Quarry knows it; credits are granted once, when `granted_at` is set. */
export interface BillingTransactionsTable {
  id: Generated<number>;
  provider: string;
  transaction_id: string;
  user_id: number;
  plan_id: string;
  /** Credits the plan gave when the transaction was created: what the buyer saw. */
  credits: number;
  /** Minor units of `currency`; the plan price until the provider reports the amount paid (tax included). */
  amount: number;
  currency: string;
  status: BillingPaymentStatus;
  provider_status: string;
  checkout_url: string | null;
  created: string;
  updated: string;
  granted_at: string | null;
}

/** A page in Quarry's own search index; `dated_at` is `published_at`, else `first_seen`. */
export interface IndexPagesTable {
  id: Generated<number>;
  url: string;
  host: string;
  title: string;
  description: string | null;
  /** Main text, capped (see src/local-index/limits.ts). */
  body: string;
  lang: string | null;
  country: string | null;
  published_at: string | null;
  first_seen: string;
  indexed_at: string;
  dated_at: string;
  /** How the page entered the index: `scrape`, `crawl` or `import`. */
  source: string;
  bytes: number;
  /** 0: the shared index, searchable by every account; otherwise the only account that may find the page. */
  owner_id: Generated<number>;
}

/**
 * One searchable record of a page: its web entry or one vertical item. `item` is the JSON of the
 * result item (without `position`); the full-text side (FTS5 table or `tsv` column) is maintained
 * by src/local-index/store and is not part of this type.
 */
export interface IndexDocsTable {
  id: Generated<number>;
  page_id: number;
  vertical: string;
  ord: number;
  title: string;
  link: string;
  host: string;
  /** Host labels reversed and dot-joined ("com.example.blog"). */
  host_rev: string;
  /** Lower-cased, percent-decoded URL path. */
  path: string;
  /** Folded words of the URL (scheme excluded) joined by single spaces, for `inurl:`. */
  url_text: string;
  snippet: string | null;
  item: string;
  published_at: string | null;
  dated_at: string;
  lang: string | null;
  country: string | null;
  /** The page's `owner_id`, repeated so that a search filters without reading the page. */
  owner_id: Generated<number>;
}

/** The shared autocomplete log: only shareable queries (see src/local-index/query-privacy.ts). */
export interface SearchQueryLogTable {
  query_key: string;
  query: string;
  searches: number;
  last_searched: string;
  /** Distinct accounts that searched the query; a global suggestion from AUTOCOMPLETE_MIN_ACCOUNTS on. */
  accounts: Generated<number>;
  /** Searches with recency decay, time-shifted in log space (see src/local-index/query-log.ts). */
  rank: number;
}

/** The index's vocabulary, for autocorrect (see src/local-index/vocabulary.ts). */
export interface IndexTermsTable {
  term: string;
  len: number;
}

/** Each account's own searches, suggested to that account only. */
export interface SearchQueryHistoryTable {
  account_id: number;
  query_key: string;
  query: string;
  searches: number;
  last_searched: string;
  /** As in `search_query_log`. */
  rank: number;
}

export interface CrawlJobsTable {
  id: Generated<number>;
  seed: string;
  /** JSON of the crawl limits, so a resumed crawl keeps them. */
  settings: string;
  status: 'running' | 'finished';
  created: string;
  updated: string;
  /** The crawl this frontier belongs to (migration 0017); null for operator crawls, which resume by seed and settings. */
  owner: string | null;
}

export interface CrawlFrontierTable {
  job_id: number;
  url: string;
  depth: number;
  /** Discovery order; the queue is worked through in this order. */
  seq: number;
  status: 'queued' | 'done' | 'failed' | 'skipped';
  reason: string | null;
  updated: string;
}
