import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../tests/support/fixture-site.js';
import { startSearchApp, type SearchApp } from '../../tests/support/search-app.js';

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await probe();
    if (done(value) || attempt >= 50) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('pages entering the index from scrapes', () => {
  let site: FixtureSite;
  let on: SearchApp;
  let off: SearchApp;
  beforeAll(async () => {
    site = await startFixtureSite();
    on = await startSearchApp({ SCRAPE_ALLOWED_HOSTS: site.host });
    off = await startSearchApp({ SCRAPE_ALLOWED_HOSTS: site.host, INDEX_SCRAPES: 'off' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await site?.close();
  });

  const search = (h: SearchApp, key: string) => h.post('/api/v1/search', key, { query: 'intitle:"an article with structure"', use_cache: false });

  it('indexes a successful scrape so that the next search finds it', async () => {
    const c = await on.t.customer(10);
    const scraped = await on.post('/api/v1/scrape/', c.key, { url: `${site.url}/html/article`, formats: ['markdown'] });
    expect(scraped.statusCode).toBe(200);
    const res = await eventually(
      () => search(on, c.key),
      (r) => (r.json().data?.web ?? []).length > 0,
    );
    expect(res.json().data.web[0]).toMatchObject({ title: 'An article with structure', url: `${site.url}/html/article`, position: 1 });
  });

  it('does not index scrapes with INDEX_SCRAPES=off', async () => {
    const c = await off.t.customer(10);
    expect((await off.post('/api/v1/scrape/', c.key, { url: `${site.url}/html/article`, formats: ['text'] })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing entered the index, and tests reach no upstream: no engine can answer web (503).
    expect((await search(off, c.key)).statusCode).toBe(503);
  });
});
