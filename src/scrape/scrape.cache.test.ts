import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../app.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';
import { scrapeFeature, type ScrapedPage } from './feature.js';

interface ScrapeBody {
  data: { markdown?: string; text?: string; metadata: Record<string, unknown> };
}

const hitsOn = (h: ScrapeHarness, path: string) => h.site.requests().filter((r) => r.path === path).length;

describe('the scrape cache (CACHE_HIT_CHARGE full, the default)', () => {
  let h: ScrapeHarness;
  let customer: { id: number; key: string };
  beforeAll(async () => {
    h = await startScrapeHarness();
    customer = await h.t.customer(100);
  });
  afterAll(async () => h?.close());

  it('serves a repeat from the cache, charges it as normal, and refreshes on use_cache false', async () => {
    const url = `${h.site.url}/html/article?cache-1`;
    const first = await h.scrape(customer.key, { url, formats: ['markdown', 'text'] });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect((first.json() as ScrapeBody).data.metadata.cache).toBe('miss');

    // Same page, formats in another order, a fragment: the same normalised request.
    const again = await h.scrape(customer.key, { url: `${url}#intro`, formats: ['text', 'markdown'] });
    expect(again.headers['x-cache']).toBe('HIT');
    const hit = again.json() as ScrapeBody;
    expect(hit.data.metadata).toMatchObject({ cache: 'hit', source_url: `${url}#intro`, url });
    expect(hit.data.markdown).toBe((first.json() as ScrapeBody).data.markdown);
    expect(hitsOn(h, '/html/article?cache-1')).toBe(1);

    const fresh = await h.scrape(customer.key, { url, formats: ['markdown', 'text'], use_cache: false });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect((fresh.json() as ScrapeBody).data.metadata.cache).toBe('miss');
    expect(hitsOn(h, '/html/article?cache-1')).toBe(2);

    expect((await h.scrape(customer.key, { url, formats: ['markdown', 'text'] })).headers['x-cache']).toBe('HIT');
    expect(hitsOn(h, '/html/article?cache-1')).toBe(2);
    expect(await h.balance(customer.id)).toBe(100 - 4);
  });

  it('keys the cache by formats and render mode', async () => {
    const url = `${h.site.url}/html/basic?cache-2`;
    expect((await h.scrape(customer.key, { url, formats: ['markdown'] })).headers['x-cache']).toBe('MISS');
    const other = await h.scrape(customer.key, { url, formats: ['json'] });
    expect(other.headers['x-cache']).toBe('MISS');
    expect(Object.keys((other.json() as ScrapeBody).data).sort()).toEqual(['json', 'metadata']);
    expect((await h.scrape(customer.key, { url, formats: ['markdown'], render: 'never' })).headers['x-cache']).toBe('MISS');
    expect(hitsOn(h, '/html/basic?cache-2')).toBe(3);
  });

  it('never stores a failure', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await h.scrape(customer.key, { url: `${h.site.url}/status/404`, formats: ['text'] });
      expect(res.statusCode).toBe(502);
    }
    expect(hitsOn(h, '/status/404')).toBe(2);
  });

  it('coalesces identical concurrent scrapes into one fetch', async () => {
    const url = `${h.site.url}/concurrency/coalesce?ms=300`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.scrape(customer.key, { url, formats: ['text'] })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(hitsOn(h, '/concurrency/coalesce?ms=300')).toBe(1);
    await h.expectAuditClean();
  });
});

describe('CACHE_HIT_CHARGE free', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { CACHE_HIT_CHARGE: 'free' } });
  });
  afterAll(async () => h?.close());

  it('charges the fresh scrape and not the hit', async () => {
    const c = await h.t.customer(10);
    const payload = { url: `${h.site.url}/html/basic`, formats: ['text'] };
    expect((await h.scrape(c.key, payload)).headers['x-credits-used']).toBe('1');
    const hit = await h.scrape(c.key, payload);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('0');
    expect(await h.balance(c.id)).toBe(9);
    await h.expectAuditClean();
  });
});

describe('SCRAPE_CACHE_TTL 0', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { SCRAPE_CACHE_TTL: '0' } });
  });
  afterAll(async () => h?.close());

  it('fetches every time', async () => {
    const c = await h.t.customer(10);
    for (let i = 0; i < 2; i++) expect((await h.scrape(c.key, { url: `${h.site.url}/html/basic`, formats: ['text'] })).headers['x-cache']).toBe('MISS');
    expect(hitsOn(h, '/html/basic')).toBe(2);
  });
});

describe('the onScraped hook', () => {
  const seen: ScrapedPage[] = [];
  let failing = false;
  let h: ScrapeHarness;
  beforeAll(async () => {
    const onScraped = async (page: ScrapedPage) => {
      seen.push(page);
      if (failing) throw new Error('the index is down');
    };
    h = await startScrapeHarness({
      features: (parts) => {
        const { metering, ledger } = parts.services;
        const { cached, offload, scraping, chat, jobQueue } = parts.deps;
        const { db, dialect } = parts.deps.database;
        const scrape = scrapeFeature({ metering, ledger, chat, cached, offload, scraping, db, dialect, jobQueue, config: parts.config, onScraped });
        return [...defaultFeatures(parts).filter((f) => f.name !== 'scrape'), scrape];
      },
    });
  });
  afterAll(async () => h?.close());

  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('hears about each fresh successful scrape, with the page, its HTML and when it was fetched', async () => {
    const c = await h.t.customer(10);
    const started = Date.now();
    const res = await h.scrape(c.key, { url: `${h.site.url}/redirect/302?to=/html/article`, formats: ['text'] });
    expect(res.statusCode).toBe(200);
    await settle();
    expect(seen).toHaveLength(1);
    const page = seen[0]!;
    expect(page).toMatchObject({
      url: `${h.site.url}/redirect/302?to=/html/article`,
      finalUrl: `${h.site.url}/html/article`,
      status: 200,
      contentType: 'text/html',
      engine: 'fetch',
    });
    expect(page.html).toContain('<h1>An article with structure</h1>');
    expect(page.page.title).toBe('An article with structure');
    expect(page.page.text).toContain('The first paragraph introduces the topic');
    expect(page.fetchedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('is not told about cache hits, failures or pages without content', async () => {
    const c = await h.t.customer(10);
    await h.scrape(c.key, { url: `${h.site.url}/redirect/302?to=/html/article`, formats: ['text'] });
    await h.scrape(c.key, { url: `${h.site.url}/status/404`, formats: ['text'] });
    await h.scrape(c.key, { url: `${h.site.url}/js/rendered`, formats: ['text'], render: 'never' });
    await settle();
    expect(seen).toHaveLength(1);
  });

  it('gets PDFs without HTML', async () => {
    const c = await h.t.customer(10);
    await h.scrape(c.key, { url: `${h.site.url}/pdf`, formats: ['text'] });
    await settle();
    expect(seen.at(-1)).toMatchObject({ contentType: 'application/pdf', engine: 'fetch' });
    expect(seen.at(-1)?.html).toBeUndefined();
  });

  it('cannot fail a scrape by failing itself', async () => {
    failing = true;
    const c = await h.t.customer(10);
    const res = await h.scrape(c.key, { url: `${h.site.url}/html/basic`, formats: ['text'] });
    expect(res.statusCode).toBe(200);
    await settle();
    expect(seen.at(-1)?.finalUrl).toBe(`${h.site.url}/html/basic`);
    expect(await h.balance(c.id)).toBe(9);
  });
});
