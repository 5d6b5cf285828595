/**
 * The `changeTracking` format of `POST /api/v1/scrape/`: a loopback page scraped, changed, scraped
 * again, each account and tag with its own snapshots, a page gone, and options refused by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHtmlSite, type HtmlSite } from '../../tests/support/html-site.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

interface ChangeBody {
  data: {
    markdown?: string;
    changeTracking: { previousScrapeAt: string | null; changeStatus: string; visibility: string; diff?: { text: string; json: { files: unknown[] } } };
    metadata: { status_code: number; cache: string; warnings: string[] };
  };
}

/** The site's pages: what each path answers now (a path without a page answers 404). */
const pages = new Map<string, string>();
const article = (lines: readonly string[]) =>
  `<!doctype html><html><head><title>Prices</title></head><body><main><h1>Prices</h1>${lines.map((line) => `<p>${line}</p>`).join('')}</main></body></html>`;
const LINES = [
  'Apples cost two euros a kilo at the market today.',
  'Pears cost three euros a kilo at the market today.',
  'Plums are sold out until next week, say the growers.',
];

let site: HtmlSite;
let h: ScrapeHarness;
beforeAll(async () => {
  site = await startHtmlSite((url) => pages.get(url.pathname + url.search));
  h = await startScrapeHarness({ allowedHosts: [site.host] });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});

const track = async (key: string, path: string, extra: Record<string, unknown> = {}) => {
  const res = await h.scrape(key, { url: `${site.url}${path}`, formats: ['changeTracking'], ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChangeBody).data;
};

describe('change tracking on the native scrape', () => {
  it('answers new, then changed with a diff holding the changed line, then same; each scrape fetched afresh and charged', async () => {
    const customer = await h.t.customer(100);
    pages.set('/prices', article(LINES));
    const first = await track(customer.key, '/prices');
    expect(first.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
    expect(first.markdown).toBeUndefined();

    pages.set('/prices', article([LINES[0]!, 'Pears cost four euros a kilo at the market today.', LINES[2]!]));
    const second = await track(customer.key, '/prices');
    expect(second.changeTracking.changeStatus).toBe('changed');
    expect(Date.parse(second.changeTracking.previousScrapeAt!)).not.toBeNaN();
    const diff = second.changeTracking.diff!.text;
    expect(diff).toContain('-Pears cost three euros a kilo at the market today.');
    expect(diff).toContain('+Pears cost four euros a kilo at the market today.');
    expect(diff).toMatch(/^--- a\/previous\.md\n\+\+\+ b\/current\.md\n@@ -\d+(,\d+)? \+\d+(,\d+)? @@/);
    expect(second.changeTracking.diff!.json.files).toHaveLength(1);
    expect(second.metadata.cache).toBe('miss');

    const third = await track(customer.key, '/prices', { formats: ['markdown', 'changeTracking'] });
    expect(third.changeTracking).toMatchObject({ changeStatus: 'same', visibility: 'visible' });
    expect(third.changeTracking.diff).toBeUndefined();
    expect(third.markdown).toContain('Pears cost four euros');
    expect(third.metadata.cache).toBe('miss');
    expect(await h.balance(customer.id)).toBe(100 - 3);
    await h.expectAuditClean();
  });

  it("keeps snapshots per account: another account scraping the same URL gets new and never sees the first one's", async () => {
    const [first, second] = [await h.t.customer(100), await h.t.customer(100)];
    pages.set('/shared', article(LINES));
    expect((await track(first.key, '/shared')).changeTracking.changeStatus).toBe('new');
    pages.set('/shared', article(LINES.slice(0, 2)));
    expect((await track(second.key, '/shared')).changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    // The first account's snapshot was not replaced by the second's scrape.
    const again = await track(first.key, '/shared');
    expect(again.changeTracking.changeStatus).toBe('changed');
    expect(again.changeTracking.diff!.text).toContain(`-${LINES[2]}`);
    expect((await track(second.key, '/shared')).changeTracking.changeStatus).toBe('same');
  });

  it('keeps a series of snapshots per tag', async () => {
    const customer = await h.t.customer(100);
    pages.set('/tagged', article(LINES));
    expect((await track(customer.key, '/tagged', { change_tracking: { tag: 'daily' } })).changeTracking.changeStatus).toBe('new');
    expect((await track(customer.key, '/tagged')).changeTracking.changeStatus).toBe('new');
    pages.set('/tagged', article(LINES.slice(1)));
    expect((await track(customer.key, '/tagged', { change_tracking: { tag: 'daily' } })).changeTracking.changeStatus).toBe('changed');
    expect((await track(customer.key, '/tagged', { change_tracking: { tag: 'hourly' } })).changeTracking.changeStatus).toBe('new');
    expect((await track(customer.key, '/tagged')).changeTracking.changeStatus).toBe('changed');
  });

  it('gives the status without a diff when the modes leave git-diff out', async () => {
    const customer = await h.t.customer(100);
    pages.set('/no-diff', article(LINES));
    await track(customer.key, '/no-diff', { change_tracking: { modes: [] } });
    pages.set('/no-diff', article(LINES.slice(1)));
    const changed = await track(customer.key, '/no-diff', { change_tracking: { modes: [] } });
    expect(changed.changeTracking.changeStatus).toBe('changed');
    expect(changed.changeTracking.diff).toBeUndefined();
  });

  it('answers removed, charging nothing, when a tracked page now answers 404; an untracked 404 is the usual 502', async () => {
    const customer = await h.t.customer(100);
    pages.set('/gone', article(LINES));
    await track(customer.key, '/gone');
    pages.delete('/gone');
    const before = await h.balance(customer.id);
    const removed = await track(customer.key, '/gone');
    expect(removed.changeTracking).toMatchObject({ changeStatus: 'removed', visibility: 'visible' });
    expect(removed.changeTracking.previousScrapeAt).not.toBeNull();
    expect(removed.metadata.status_code).toBe(404);
    expect(await h.balance(customer.id)).toBe(before);

    const never = await h.scrape(customer.key, { url: `${site.url}/never-there`, formats: ['changeTracking'] });
    expect(never.statusCode).toBe(502);
    // The page back as it was: compared with the snapshot kept through its absence.
    pages.set('/gone', article(LINES));
    expect((await track(customer.key, '/gone')).changeTracking.changeStatus).toBe('same');
    await h.expectAuditClean();
  });

  it('refuses unusable options with a 400 naming the field, before anything is charged', async () => {
    const customer = await h.t.customer(100);
    const url = `${site.url}/prices`;
    const cases: [Record<string, unknown>, string][] = [
      [{ formats: ['markdown'], change_tracking: {} }, 'change_tracking'],
      [{ formats: ['changeTracking'], change_tracking: { modes: ['json'] } }, 'modes'],
      [{ formats: ['changeTracking'], change_tracking: { modes: ['word-diff'] } }, 'modes'],
      [{ formats: ['changeTracking'], change_tracking: { tag: 'x'.repeat(300) } }, 'tag'],
      [{ formats: ['changeTracking'], change_tracking: { prompt: 'the prices' } }, 'prompt'],
    ];
    for (const [body, field] of cases) {
      const res = await h.scrape(customer.key, { url, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
      expect(res.json()).toHaveProperty('change_tracking');
    }
    expect(await h.balance(customer.id)).toBe(100);
  });
});
