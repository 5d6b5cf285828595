/**
 * A search answered from the cache has a known cost: one `charge` entry, no hold and release.
 * A miss still holds the price and settles; a hit the balance cannot cover is a 402 that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../tests/support/index-corpus.js';
import { chargedInOneStep, customerWithLedger, expectRefusedUnwritten, heldAndSettled, usageTotal } from '../../tests/support/ledger-watch.js';
import { startSearchApp, type SearchApp } from '../../tests/support/search-app.js';

describe('a cached search is charged in one step', () => {
  let h: SearchApp;
  beforeAll(async () => {
    h = await startSearchApp({ PRICE_SEARCH_CALL: '3', PRICE_SEARCH_SOURCE: '2' });
    await h.index(CORPUS, new Date(Date.now() - 60_000));
  });
  afterAll(async () => h?.close());

  it('a vertical (autocomplete, a fixed price): the miss holds and settles, the hit is one charge', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 10);
    const miss = await h.post('/api/v1/autocomplete', c.key, { q: 'aur' });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('search:autocomplete', 3, 3));

    const hit = await h.post('/api/v1/autocomplete', c.key, { q: 'aur' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('3');
    expect(hit.headers['x-credits-remaining']).toBe('4');
    expect(hit.body).toBe(miss.body);
    expect(await ledger.next()).toEqual(chargedInOneStep('search:autocomplete', 3));
    expect(await ledger.openHolds()).toBe(0);

    // `use_cache: false` is real work again: held and settled.
    expect((await h.post('/api/v1/autocomplete', c.key, { q: 'aur', use_cache: false })).headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('search:autocomplete', 3, 3));
    expect(await h.balance(c.id)).toBe(1);

    // Both kinds of call are usage.
    expect(await usageTotal(h.t, c.access)).toEqual({ requests: 3, credits: 9, failed: 0 });
  });

  it('the combined search: a hit is one charge of the price per source', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 10);
    const request = { query: 'solar storm', sources: ['web', 'news'] };
    expect((await h.post('/api/v1/search', c.key, request)).headers['x-cache']).toBe('MISS');
    expect(await ledger.next()).toEqual(heldAndSettled('search', 4, 4));
    const hit = await h.post('/api/v1/search', c.key, request);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('4');
    expect(await ledger.next()).toEqual(chargedInOneStep('search', 4));
    expect(await h.balance(c.id)).toBe(2);
  });

  it('a hit the balance cannot cover is a 402 with the contract body, and writes nothing', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 5);
    expect((await h.post('/api/v1/search', c.key, { query: 'aurora', sources: ['web', 'news'] })).statusCode).toBe(200);
    await ledger.next();
    await expectRefusedUnwritten(await h.post('/api/v1/search', c.key, { query: 'aurora', sources: ['web', 'news'] }), ledger, 1);
    expect(await h.balance(c.id)).toBe(1);
  });
});

describe('CACHE_HIT_CHARGE free', () => {
  let h: SearchApp;
  beforeAll(async () => {
    h = await startSearchApp({ PRICE_SEARCH_CALL: '2', CACHE_HIT_CHARGE: 'free' });
    await h.index(CORPUS, new Date(Date.now() - 60_000));
  });
  afterAll(async () => h?.close());

  it('a free hit is one charge of nothing, still counted as usage', async () => {
    const { customer: c, ledger } = await customerWithLedger(h.t, 5);
    expect((await h.post('/api/v1/news', c.key, { q: 'aurora' })).headers['x-credits-used']).toBe('2');
    expect(await ledger.next()).toEqual(heldAndSettled('search:news', 2, 2));
    const hit = await h.post('/api/v1/news', c.key, { q: 'aurora' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-credits-used']).toBe('0');
    expect(await ledger.next()).toEqual(chargedInOneStep('search:news', 0));
    expect(await usageTotal(h.t, c.access)).toEqual({ requests: 2, credits: 2, failed: 0 });
  });
});
