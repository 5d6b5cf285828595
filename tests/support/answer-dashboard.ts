/**
 * The dashboard able to answer questions: the answer site's pages in the local index (the search
 * engine) and allowed as scrape targets, and the fake OpenAI upstream as the chat model, all on
 * loopback. Prices stay at their defaults, so an answer costs a handful of credits.
 */
import { indexAnswerPages, startAnswerSite, type AnswerSite } from './answer-site.js';
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
  await indexAnswerPages(h.t, site);
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
