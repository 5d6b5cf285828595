/**
 * Issue 16, item 4: scraped pages used to go into one index every account could search, capability
 * URLs and tokens included. A page an account scraped is now found by that account alone, unless the
 * operator opts in (INDEX_SCRAPES=shared), and even then only pages a public crawler could list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerOf, startIndexingSite, type IndexingSite } from '../support/indexing-site.js';
import { startSearchApp, type HttpClient, type SearchApp } from '../support/search-app.js';

/** Polls until the (asynchronous, post-response) indexing of a scrape shows in `probe`. */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await probe();
    if (done(value) || attempt >= 50) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const found = async (http: HttpClient, key: string, label: string): Promise<number> => {
  const res = await http.post('/api/v1/search', key, { query: markerOf(label), use_cache: false });
  // Until the first scrape is indexed, the app has no answer source: 503, nothing found yet.
  if (res.status === 503) return 0;
  expect(res.status).toBe(200);
  return res.body.data?.web?.length ?? 0;
};

describe.each(['private', 'shared'] as const)('INDEX_SCRAPES=%s', (mode) => {
  let site: IndexingSite;
  let h: SearchApp;
  let http: HttpClient;
  beforeAll(async () => {
    site = await startIndexingSite();
    h = await startSearchApp({ SCRAPE_ALLOWED_HOSTS: site.host, INDEX_SCRAPES: mode, SEARCH_CHAIN_WEB: 'local' });
    http = await h.listen();
  });
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });

  async function scrape(key: string, path: string): Promise<void> {
    const res = await http.post('/api/v1/scrape/', key, { url: `${site.url}${path}`, formats: ['text'], use_cache: false });
    expect(res.status).toBe(200);
  }

  it('a capability URL (query string) is found by the account that scraped it and by no other', async () => {
    const owner = await h.t.customer(50);
    const other = await h.t.customer(50);
    await scrape(owner.key, '/reset?label=capability&token=s3cr3t');
    expect(
      await eventually(
        () => found(http, owner.key, 'capability'),
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(await found(http, other.key, 'capability')).toBe(0);
  });

  it('a plain public page is shared only when the operator opted in', async () => {
    const owner = await h.t.customer(50);
    const other = await h.t.customer(50);
    await scrape(owner.key, '/public-page');
    expect(
      await eventually(
        () => found(http, owner.key, '/public-page'),
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(await found(http, other.key, '/public-page')).toBe(mode === 'shared' ? 1 : 0);
  });

  it('never shares a page robots.txt disallows, or one marked noindex by header', async () => {
    const owner = await h.t.customer(50);
    const other = await h.t.customer(50);
    await scrape(owner.key, '/private/notes');
    await scrape(owner.key, '/tagged');
    expect(
      await eventually(
        () => found(http, owner.key, '/private/notes'),
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(
      await eventually(
        () => found(http, owner.key, '/tagged'),
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(await found(http, other.key, '/private/notes')).toBe(0);
    expect(await found(http, other.key, '/tagged')).toBe(0);
  });

  it("never suggests another account's private page title in autocomplete", async () => {
    const owner = await h.t.customer(50);
    const other = await h.t.customer(50);
    await scrape(owner.key, '/reset?label=titled&token=abc');
    const title = `Page ${markerOf('titled')}`;
    const mine = await eventually(
      () => http.post('/api/v1/autocomplete', owner.key, { q: 'page zqtitled', use_cache: false }),
      (res) => (res.body.suggestions ?? []).length > 0,
    );
    expect(mine.body.suggestions).toContain(title);
    const theirs = await http.post('/api/v1/autocomplete', other.key, { q: 'page zqtitled', use_cache: false });
    expect(theirs.body.suggestions ?? []).not.toContain(title);
  });
});
