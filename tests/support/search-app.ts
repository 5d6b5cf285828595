/**
 * The real app for search endpoint tests, with helpers to fill its index from the fixture corpus,
 * call the metered endpoints and read balances.
 */
import type { LightMyRequestResponse } from 'fastify';
import { createIndexStore, type IndexStore } from '../../src/local-index/store.js';
import { startTestApp, type FeatureChoice, type TestApp } from './app.js';
import type { CorpusPage } from './index-corpus.js';
import { indexPages } from './index-databases.js';

export interface SearchApp {
  readonly t: TestApp;
  /** The app's own index (same database). */
  readonly store: IndexStore;
  /** Indexes pages as if crawled at `at`. */
  index(pages: readonly CorpusPage[], at: Date): Promise<void>;
  post(path: string, key: string | undefined, body: unknown): Promise<LightMyRequestResponse>;
  balance(userId: number): Promise<number>;
  /** Listens on loopback and returns a client that speaks real HTTP to it, as an attacker would. */
  listen(): Promise<HttpClient>;
  close(): Promise<void>;
}

export interface HttpClient {
  readonly baseUrl: string;
  /** POSTs JSON with the key in `X-API-KEY`; resolves with the status and the parsed body. */
  post(path: string, key: string | undefined, body: unknown): Promise<{ status: number; body: SearchBody }>;
}

/** What the search endpoints answer, loosely: shape A, shape B or an error body. */
export interface SearchBody {
  readonly data?: Record<string, (Record<string, unknown> | string)[]>;
  readonly suggestions?: string[];
  readonly searchParameters?: Record<string, unknown>;
  readonly failed_engines?: string[];
  readonly error?: string;
  readonly [field: string]: unknown;
}

export async function startSearchApp(env: Record<string, string> = {}, options: { features?: FeatureChoice; now?: () => Date } = {}): Promise<SearchApp> {
  const t = await startTestApp(env, options);
  const { db, dialect } = t.quarry;
  const store = createIndexStore(db, dialect);
  return {
    t,
    store,
    index: (pages, at) => indexPages(store, pages, at, 'import'),
    post(path, key, body) {
      return t.quarry.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
        payload: JSON.stringify(body),
      });
    },
    async balance(userId) {
      const row = await db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.credits_balance);
    },
    async listen() {
      const address = await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
      return {
        baseUrl: address,
        async post(path, key, body) {
          const res = await fetch(`${address}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          return { status: res.status, body: (text === '' ? {} : JSON.parse(text)) as SearchBody };
        },
      };
    },
    close: () => t.close(),
  };
}
