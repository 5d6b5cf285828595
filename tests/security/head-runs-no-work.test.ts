import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatHarness, type CompatHarness } from '../support/compat-harness.js';

/**
 * Finding 11 of issue 25: Fastify answers HEAD by running the GET handler, so `HEAD /r/<url>`
 * used to fetch the page and charge a scrape for a body it then threw away. A HEAD on a metered
 * GET now answers 405 with the methods that do the work, and reaches neither the page nor the ledger.
 */
describe('HEAD on a metered GET', () => {
  let h: CompatHarness;
  let customer: Awaited<ReturnType<CompatHarness['t']['customer']>>;
  const head = (path: string) => fetch(`${h.baseUrl}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${customer.key}` } });

  beforeAll(async () => {
    h = await startCompatHarness();
    customer = await h.t.customer(100);
  });
  afterAll(async () => h?.close());

  it('HEAD /r/<url> fetches nothing from the page and charges nothing', async () => {
    const before = await h.balance(customer.id);
    const seen = h.site.requests().length;
    const res = await head(`/r/${h.site.url}/html/basic`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.text()).toBe('');
    expect(h.site.requests().length).toBe(seen);
    expect(await h.balance(customer.id)).toBe(before);

    // The same URL with GET is the metered read, so the HEAD above was refused, not broken.
    const get = await fetch(`${h.baseUrl}/r/${h.site.url}/html/basic`, { headers: { authorization: `Bearer ${customer.key}` } });
    expect(get.status).toBe(200);
    expect(h.site.requests().length).toBeGreaterThan(seen);
    expect(await h.balance(customer.id)).toBe(before - 1);
  });

  it('HEAD /s/<query> runs no search, reads no result and charges nothing', async () => {
    const before = await h.balance(customer.id);
    const seen = h.site.requests().length;
    const res = await head('/s/fixture');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(h.site.requests().length).toBe(seen);
    expect(await h.balance(customer.id)).toBe(before);
  });

  it('refuses without a key too, and the bare /r/ and /s/ (POST only) as their GET is', async () => {
    const res = await fetch(`${h.baseUrl}/r/${h.site.url}/html/basic`, { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    for (const path of ['/r/', '/s/']) {
      const bare = await fetch(`${h.baseUrl}${path}`, { method: 'HEAD' });
      expect(bare.status, path).toBe(405);
      expect(bare.headers.get('allow'), path).toBe('POST');
    }
    await h.expectAuditClean();
  });
});
