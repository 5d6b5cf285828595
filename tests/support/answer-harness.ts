/**
 * Quarry listening on loopback with everything an answer needs and nothing off the machine: the
 * answer site's pages in the local index (the search engine) and allowed as scrape targets, and
 * the fake OpenAI upstream (recording every prompt) as the chat model. One credit per prompt and
 * two per completion token (the fake counts words), one per search source and per page.
 */
import { startTestApp, type TestApp } from './app.js';
import { startAnswerSite, ANSWER_PAGES, indexAnswerPages, MORE_ANSWER_PAGES, type AnswerSite } from './answer-site.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';
import { expectAuditClean } from './ledger-watch.js';

export const ANSWER_MODEL = 'quarry-answer-model';

export interface AnswerHarness {
  readonly t: TestApp;
  readonly site: AnswerSite;
  readonly fake: FakeOpenAI;
  /** `http://127.0.0.1:PORT` of Quarry. */
  readonly baseUrl: string;
  /** A customer's key with `credits`. */
  customer(credits?: number): Promise<{ id: number; key: string }>;
  balance(userId: number): Promise<number>;
  /** POSTs JSON with the key. */
  post(path: string, key: string, body: unknown): Promise<Response>;
  expectAuditClean(): Promise<void>;
  close(): Promise<void>;
}

export interface AnswerHarnessOptions {
  /** Index `MORE_ANSWER_PAGES` too (six pages in all). */
  readonly morePages?: boolean;
}

export async function startAnswerHarness(env: Record<string, string> = {}, options: AnswerHarnessOptions = {}): Promise<AnswerHarness> {
  const site = await startAnswerSite();
  const fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  const t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: site.host,
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    INDEX_SCRAPES: 'off',
    CHAT_UPSTREAM_URL: fake.url,
    CHAT_UPSTREAM_API_KEY: 'sk-upstream',
    CHAT_UPSTREAM_MODEL: 'upstream-model',
    CHAT_MODEL: ANSWER_MODEL,
    CHAT_RETRY_BASE_DELAY_MS: '5',
    CHAT_MAX_RETRIES: '0',
    PRICE_CHAT_PROMPT_PER_1K: '1000',
    PRICE_CHAT_COMPLETION_PER_1K: '2000',
    PRICE_SEARCH_SOURCE: '1',
    PRICE_SCRAPE: '1',
    ...env,
  });
  const { app } = t.quarry;
  await indexAnswerPages(t, site, [...ANSWER_PAGES, ...(options.morePages === true ? MORE_ANSWER_PAGES : [])]);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    site,
    fake,
    baseUrl,
    async customer(credits = 10_000) {
      const customer = await t.customer(credits);
      return { id: customer.id, key: customer.key };
    },
    balance: (userId) => t.quarry.services.ledger.balance(userId),
    post: (path, key, body) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) }),
    expectAuditClean: () => expectAuditClean(t),
    async close() {
      await t.close();
      await fake.close();
      await site.close();
    },
  };
}
