/**
 * The dashboard able to answer questions: the answer site's pages in the local index (the search
 * engine) and allowed as scrape targets, and the fake OpenAI upstream as the chat model, all on
 * loopback. Prices stay at their defaults, so an answer costs a handful of credits.
 */
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore } from '../../src/local-index/store.js';
import { ANSWER_PAGES, startAnswerSite, type AnswerSite } from './answer-site.js';
import { startDashboard, type DashboardHarness } from './dashboard.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';

export interface AnswerDashboard {
  readonly h: DashboardHarness;
  readonly site: AnswerSite;
  readonly fake: FakeOpenAI;
  close(): Promise<void>;
}

export async function startAnswerDashboard(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Promise<AnswerDashboard> {
  const site = await startAnswerSite();
  const fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  const h = await startDashboard(
    {
      SCRAPE_ALLOWED_HOSTS: site.host,
      INDEX_SCRAPES: 'off',
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_API_KEY: 'sk-upstream',
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MAX_RETRIES: '0',
      ...env,
    },
    options,
  );
  const { db, dialect } = h.t.quarry;
  const indexer = createIndexer({ store: createIndexStore(db, dialect), now: () => new Date() });
  for (const page of ANSWER_PAGES) {
    const html = await (await fetch(`${site.url}${page.path}`)).text();
    await indexer.indexHtml(html, `${site.url}${page.path}`, 'import');
  }
  return {
    h,
    site,
    fake,
    async close() {
      await h.close();
      await fake.close();
      await site.close();
    },
  };
}
