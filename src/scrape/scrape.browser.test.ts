import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_RENDERED_TEXT, PDF_TEXT } from '../../tests/support/fixture-site.js';
import { JS_APP_PARAGRAPHS, SERVER_RENDERED_TEXT } from '../../tests/support/js-app-pages.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';
import { findChromium } from './browser/index.js';

const chromium = findChromium();
if (!chromium) console.error('scrape tests through Chromium SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium)');

interface ScrapeBody {
  data: { markdown?: string; text?: string; metadata: Record<string, unknown> };
}

const CHALLENGE = { error: expect.stringMatching(/^The target answered with an anti-bot challenge that could not be passed \(127\.0\.0\.1:\d+\)\.$/) };

describe.skipIf(!chromium)('scraping through the headless browser (PRICE_SCRAPE 2, PRICE_SCRAPE_BROWSER 3)', () => {
  let h: ScrapeHarness;
  let customer: { id: number; key: string };
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { PRICE_SCRAPE: '2', PRICE_SCRAPE_BROWSER: '3' } });
    customer = await h.t.customer(1000);
  });
  afterAll(async () => h?.close());

  /** Scrapes and checks what was charged. */
  async function scrape(payload: Record<string, unknown>, status: number, charged: number) {
    const before = await h.balance(customer.id);
    const res = await h.scrape(customer.key, { use_cache: false, formats: ['text'], ...payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(await h.balance(customer.id)).toBe(before - charged);
    return res;
  }

  it('renders a JavaScript page with render "auto" and charges the browser too', async () => {
    const res = await scrape({ url: `${h.site.url}/js/rendered`, formats: ['text', 'markdown'] }, 200, 5);
    const body = res.json() as ScrapeBody;
    expect(body.data.text).toContain(JS_RENDERED_TEXT);
    expect(body.data.markdown).toContain(JS_RENDERED_TEXT);
    expect(body.data.metadata).toMatchObject({ engine: 'browser', title: 'Rendered by JavaScript', status_code: 200, url: `${h.site.url}/js/rendered` });
    expect(res.headers['x-credits-used']).toBe('5');
  });

  /** The scrape's `charge` entries in the ledger (one per charged call). */
  async function charges() {
    return h.t.quarry.db.selectFrom('ledger_entries').select(['amount', 'endpoint']).where('user_id', '=', customer.id).where('kind', '=', 'charge').execute();
  }

  for (const [path, what] of [
    ['/js/loading-shell', 'a mount point that says "Loading…"'],
    ['/js/cookie-wall', 'a consent overlay with more words than the page'],
  ] as const) {
    it(`renders a JavaScript page that arrives with ${what}, charged as one scrape with the browser`, async () => {
      const before = await charges();
      const res = await scrape({ url: `${h.site.url}${path}`, formats: ['text', 'markdown'] }, 200, 5);
      const body = res.json() as ScrapeBody;
      for (const paragraph of JS_APP_PARAGRAPHS) {
        expect(body.data.text).toContain(paragraph);
        expect(body.data.markdown).toContain(paragraph);
      }
      expect(body.data.text).not.toContain('Loading…');
      expect(body.data.text).not.toContain('We value your privacy');
      expect(body.data.metadata).toMatchObject({ engine: 'browser', status_code: 200, url: `${h.site.url}${path}` });
      expect(res.headers['x-credits-used']).toBe('5');
      // One call, one charge of PRICE_SCRAPE + PRICE_SCRAPE_BROWSER: the fetch that led to the browser is not a second scrape.
      expect((await charges()).slice(before.length)).toEqual([{ amount: -5, endpoint: expect.stringContaining('scrape') }]);
      // Fetched once, rendered once.
      expect(h.site.requests().filter((r) => r.path === path)).toHaveLength(2);
    });
  }

  it('keeps an ordinary server-rendered page with a small script and a consent banner on the fetch engine', async () => {
    const before = await charges();
    const res = await scrape({ url: `${h.site.url}/html/with-script` }, 200, 2);
    const body = res.json() as ScrapeBody;
    expect(body.data.text).toContain(SERVER_RENDERED_TEXT);
    expect(body.data.metadata.engine).toBe('fetch');
    expect((await charges()).slice(before.length)).toEqual([{ amount: -2, endpoint: expect.stringContaining('scrape') }]);
    expect(h.site.requests().filter((r) => r.path === '/html/with-script')).toHaveLength(1);
  });

  it('with render "never" returns the empty shell as it came, and charges nothing for no content', async () => {
    const res = await scrape({ url: `${h.site.url}/js/rendered`, render: 'never' }, 200, 0);
    const body = res.json() as ScrapeBody;
    expect(body.data.text).toBe('');
    expect(body.data.metadata).toMatchObject({ engine: 'fetch', title: 'Loading…' });
  });

  it('renders an ordinary page with render "always"', async () => {
    const res = await scrape({ url: `${h.site.url}/html/basic`, render: 'always' }, 200, 5);
    const body = res.json() as ScrapeBody;
    expect(body.data.text).toContain('Hello from the fixture site.');
    expect(body.data.metadata.engine).toBe('browser');
  });

  it('keeps a plain page on the fetch engine with render "auto"', async () => {
    const res = await scrape({ url: `${h.site.url}/html/article` }, 200, 2);
    expect((res.json() as ScrapeBody).data.metadata.engine).toBe('fetch');
  });

  it('never renders a PDF, even with render "always"', async () => {
    const res = await scrape({ url: `${h.site.url}/pdf`, render: 'always' }, 200, 2);
    const body = res.json() as ScrapeBody;
    expect(body.data.text).toContain(PDF_TEXT);
    expect(body.data.metadata.engine).toBe('fetch');
  });

  it('answers 502 for a challenge that is still there after rendering, and charges nothing', async () => {
    const before = h.site.requests().filter((r) => r.path === '/challenge').length;
    const res = await scrape({ url: `${h.site.url}/challenge` }, 502, 0);
    expect(res.json()).toEqual(CHALLENGE);
    // Fetched (with its 503 retries), then rendered once more by the browser.
    expect(h.site.requests().filter((r) => r.path === '/challenge').length - before).toBeGreaterThan(1);
  });

  it('answers 502 for a challenge with render "never" too, never returning it as content', async () => {
    const res = await scrape({ url: `${h.site.url}/challenge`, render: 'never' }, 502, 0);
    expect(res.json()).toEqual(CHALLENGE);
  });

  it('leaves the audit clean', async () => {
    await h.expectAuditClean();
  });
});

describe('a server without Chromium (CHROMIUM_PATH points nowhere)', () => {
  let h: ScrapeHarness;
  let customer: { id: number; key: string };
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { CHROMIUM_PATH: '/nonexistent/chromium', PRICE_SCRAPE: '2', PRICE_SCRAPE_BROWSER: '3' } });
    customer = await h.t.customer(2);
  });
  afterAll(async () => h?.close());

  it('answers 503 to render "always", before holding or fetching anything', async () => {
    const res = await h.scrape(customer.key, { url: `${h.site.url}/html/basic`, formats: ['text'], render: 'always' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: expect.stringContaining('the headless browser is not installed') });
    expect(h.site.requests()).toEqual([]);
  });

  it('holds only the fetch price with render "auto" and returns what the fetch got', async () => {
    // The account has exactly PRICE_SCRAPE: a hold of PRICE_SCRAPE + PRICE_SCRAPE_BROWSER would be refused.
    const res = await h.scrape(customer.key, { url: `${h.site.url}/html/basic`, formats: ['text'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ScrapeBody).data.metadata.engine).toBe('fetch');
    expect(await h.balance(customer.id)).toBe(0);
    await h.expectAuditClean();
  });
});
