import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRawRequest, waitFor } from '../support/raw-client.js';
import { startScrapeHarness, type ScrapeHarness } from '../support/scrape-harness.js';

/**
 * Issue 16, item 5. Identical scrapes of two accounts share one fetch (request coalescing).
 * Account A disconnecting must not abort the work account B is waiting for, and must release
 * only A's own hold: B gets its page and pays for it, A pays nothing.
 * Real server over HTTP, a real socket destroyed mid-flight, a slow loopback target.
 */
describe('request coalescing when one account disconnects', () => {
  let h: ScrapeHarness;
  let origin: string;
  beforeAll(async () => {
    h = await startScrapeHarness();
    origin = await h.t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => h?.close());

  const openHolds = async (userId: number) => (await h.t.quarry.services.ledger.audit()).find((row) => row.userId === userId)?.openHolds ?? 0;

  it("finishes B's request with a 200 and releases A's hold when A's socket is destroyed", async () => {
    const a = await h.t.customer(10);
    const b = await h.t.customer(10);
    const path = '/concurrency/coalesce-abort?ms=1500';
    const body = JSON.stringify({ url: `${h.site.url}${path}`, formats: ['text'] });
    const hitsOnTarget = () => h.site.requests().filter((r) => r.path === path).length;

    const socketA = await sendRawRequest(origin, {
      method: 'POST',
      path: '/api/v1/scrape/',
      headers: { 'content-type': 'application/json', 'x-api-key': a.key },
      body,
    });
    await waitFor("A's fetch to reach the target", () => hitsOnTarget() === 1);

    const answerB = fetch(`${origin}/api/v1/scrape/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': b.key }, body });
    await waitFor("B's hold", async () => (await openHolds(b.id)) === 1);
    expect(await openHolds(a.id)).toBe(1);

    socketA.destroy();
    await waitFor("A's hold to be released", async () => (await openHolds(a.id)) === 0);
    expect(await h.balance(a.id)).toBe(10);

    const resB = await answerB;
    expect(resB.status).toBe(200);
    const json = (await resB.json()) as { success: boolean; data: { text: string } };
    expect(json.success).toBe(true);
    expect(resB.headers.get('x-credits-used')).toBe('1');
    // B was served by the one fetch A started: coalesced, not repeated.
    expect(hitsOnTarget()).toBe(1);
    expect(await h.balance(b.id)).toBe(9);
    expect(await h.balance(a.id)).toBe(10);
    await h.expectAuditClean();
  });

  it('aborts the shared work once every waiting caller has gone', async () => {
    const a = await h.t.customer(10);
    const b = await h.t.customer(10);
    const path = '/concurrency/coalesce-all-gone?ms=3000';
    const body = JSON.stringify({ url: `${h.site.url}${path}`, formats: ['text'] });
    const request = (key: string) =>
      sendRawRequest(origin, { method: 'POST', path: '/api/v1/scrape/', headers: { 'content-type': 'application/json', 'x-api-key': key }, body });
    const socketA = await request(a.key);
    await waitFor("A's fetch to reach the target", () => h.site.requests().some((r) => r.path === path));
    const socketB = await request(b.key);
    await waitFor("B's hold", async () => (await openHolds(b.id)) === 1);
    socketA.destroy();
    socketB.destroy();
    const started = Date.now();
    await waitFor('both holds to be released', async () => (await openHolds(a.id)) + (await openHolds(b.id)) === 0);
    // Released at once, not after the 3 s the target takes: nobody waits, so the fetch was dropped.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await h.balance(a.id)).toBe(10);
    expect(await h.balance(b.id)).toBe(10);
    // A later identical request starts afresh instead of joining the abandoned work.
    const res = await fetch(`${origin}/api/v1/scrape/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': a.key }, body });
    expect(res.status).toBe(200);
    expect(h.site.requests().filter((r) => r.path === path)).toHaveLength(2);
    await h.expectAuditClean();
  });
});
