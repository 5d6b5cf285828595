import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHtmlSite, type HtmlSite } from '../../tests/support/html-site.js';
import { imageInfo } from '../../tests/support/image-size.js';
import { createManualClock } from '../../tests/support/manual-clock.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';
import { findChromium } from './browser/index.js';

const chromium = findChromium();
if (!chromium) console.error('screenshot tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium)');

/** A page taller than any viewport: `blocks` blocks of 500 px each. */
function tallPage(blocks: number): string {
  const sections = Array.from(
    { length: blocks },
    (_, i) => `<section style="height:500px;background:hsl(${(i * 37) % 360},60%,70%)"><h2>Part ${i + 1}</h2></section>`,
  );
  return `<!doctype html><html><head><title>Tall</title><style>*{margin:0;padding:0} p{height:100px}</style></head><body><main><p>A long page about parts.</p>${sections.join('')}</main></body></html>`;
}

interface ScreenshotAnswer {
  data: { screenshot?: string; markdown?: string; metadata: Record<string, unknown> };
}

describe.skipIf(!chromium)('screenshots of rendered pages (PRICE_SCRAPE 2, PRICE_SCRAPE_BROWSER 3, SCREENSHOT_TTL 60)', () => {
  const clock = createManualClock(Date.UTC(2026, 0, 10, 12, 0, 0));
  let tall: HtmlSite;
  let h: ScrapeHarness;
  let customer: { id: number; key: string };
  beforeAll(async () => {
    tall = await startHtmlSite((url) => (url.pathname === '/tall' ? tallPage(8) : url.pathname === '/endless' ? tallPage(40) : undefined));
    h = await startScrapeHarness({
      env: { PRICE_SCRAPE: '2', PRICE_SCRAPE_BROWSER: '3', SCREENSHOT_TTL: '60' },
      allowedHosts: [tall.host],
      now: () => new Date(clock.now()),
    });
    customer = await h.t.customer(1000);
  });
  afterAll(async () => {
    await h?.close();
    await tall?.close();
  });

  /** Scrapes with a screenshot and checks the answer and the charge. */
  async function screenshot(payload: Record<string, unknown>, charged = 5) {
    const before = await h.balance(customer.id);
    const res = await h.scrape(customer.key, { formats: ['screenshot'], ...payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(await h.balance(customer.id)).toBe(before - charged);
    const body = res.json() as ScreenshotAnswer;
    expect(body.data.screenshot).toMatch(/^http:\/\/localhost\/api\/v1\/screenshots\/[A-Za-z0-9_-]{43}\.(png|jpg)$/);
    return { res, body, url: new URL(body.data.screenshot!) };
  }

  const fetchImage = (url: URL) => h.t.quarry.app.inject({ method: 'GET', url: url.pathname });

  it('takes a PNG of the viewport, served without a key and never cached, charged as a rendered scrape although the fetch was enough', async () => {
    const { res, body, url } = await screenshot({ url: `${h.site.url}/html/article`, formats: ['screenshot', 'markdown'] });
    expect(res.headers['x-credits-used']).toBe('5');
    expect(body.data.markdown).toBeTruthy();
    expect(body.data.metadata).toMatchObject({ engine: 'browser', cache: 'miss' });
    const image = await fetchImage(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(imageInfo(image.rawPayload)).toEqual({ type: 'png', width: 1280, height: 720 });
  });

  it('takes the configured viewport, and a full page taller than it at its width', async () => {
    const viewport = { width: 800, height: 600 };
    const { url } = await screenshot({ url: `${tall.url}/tall`, screenshot_options: { viewport } });
    expect(imageInfo((await fetchImage(url)).rawPayload)).toEqual({ type: 'png', ...viewport });

    const full = await screenshot({ url: `${tall.url}/tall`, screenshot_options: { viewport, full_page: true } });
    expect(imageInfo((await fetchImage(full.url)).rawPayload)).toEqual({ type: 'png', width: 800, height: 100 + 8 * 500 });
  });

  it('cuts a full page at 16,384 px', async () => {
    const { url } = await screenshot({ url: `${tall.url}/endless`, screenshot_options: { viewport: { width: 320, height: 240 }, full_page: true } });
    expect(imageInfo((await fetchImage(url)).rawPayload)).toEqual({ type: 'png', width: 320, height: 16_384 });
  });

  it('takes a JPEG at the asked quality: a lower quality is a smaller file', async () => {
    const sizes = [];
    for (const quality of [10, 95]) {
      const { url } = await screenshot({ url: `${tall.url}/tall`, screenshot_options: { format: 'jpeg', quality } });
      expect(url.pathname).toMatch(/\.jpg$/);
      const image = await fetchImage(url);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(imageInfo(image.rawPayload)).toEqual({ type: 'jpeg', width: 1280, height: 720 });
      sizes.push(image.rawPayload.length);
    }
    expect(sizes[0]).toBeLessThan(sizes[1]!);
  });

  it('never answers a screenshot from the cache: each scrape takes its own, under its own URL', async () => {
    const first = await screenshot({ url: `${h.site.url}/html/basic` });
    const second = await screenshot({ url: `${h.site.url}/html/basic` });
    expect(second.res.headers['x-cache']).toBe('MISS');
    expect(second.url.href).not.toBe(first.url.href);
  });

  it('serves the image until SCREENSHOT_TTL has passed, then answers 404', async () => {
    const { url } = await screenshot({ url: `${h.site.url}/html/basic` });
    clock.advance(59_000);
    expect((await fetchImage(url)).statusCode).toBe(200);
    clock.advance(2_000);
    const gone = await fetchImage(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 for a token it did not hand out, and for the right token with the wrong extension', async () => {
    const { url } = await screenshot({ url: `${h.site.url}/html/basic` });
    const token = /([A-Za-z0-9_-]{43})\.png$/.exec(url.pathname)![1]!;
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/api/v1/screenshots/${other}.png`, `/api/v1/screenshots/${token}.jpg`, '/api/v1/screenshots/x.png']) {
      expect((await h.t.quarry.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });

  it('refuses options it cannot honour with a 400 naming the field, charging nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { screenshot_options: { viewport: { width: 5000, height: 600 } } },
        { screenshot_options: { viewport: { width: ['Ensure this value is less than or equal to 3840.'] } } },
      ],
      [
        { screenshot_options: { viewport: { width: 800, height: 100 } } },
        { screenshot_options: { viewport: { height: ['Ensure this value is greater than or equal to 240.'] } } },
      ],
      [{ screenshot_options: { quality: 50 } }, { screenshot_options: { quality: [expect.stringContaining('JPEG only')] } }],
      [{ screenshot_options: { format: 'gif' } }, { screenshot_options: { format: ['"gif" is not a valid choice.'] } }],
      [{ render: 'never' }, { render: [expect.stringContaining('headless browser')] }],
      [{ formats: ['markdown'], screenshot_options: { full_page: true } }, { screenshot_options: [expect.stringContaining('add "screenshot" to formats')] }],
    ];
    const before = await h.balance(customer.id);
    for (const [payload, answer] of cases) {
      const res = await h.scrape(customer.key, { url: `${h.site.url}/html/basic`, formats: ['screenshot'], ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(answer);
    }
    expect(await h.balance(customer.id)).toBe(before);
  });

  it('refuses a screenshot of a PDF (415), charging nothing', async () => {
    const before = await h.balance(customer.id);
    const res = await h.scrape(customer.key, { url: `${h.site.url}/pdf`, formats: ['screenshot'] });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Screenshots are taken of HTML pages; the target sent "application/pdf".' });
    expect(await h.balance(customer.id)).toBe(before);
    await h.expectAuditClean();
  });
});

describe('screenshots on a server without Chromium', () => {
  let h: ScrapeHarness;
  beforeAll(async () => {
    h = await startScrapeHarness({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  });
  afterAll(async () => h?.close());

  it('answers 400 naming how to enable them, before anything is held', async () => {
    const customer = await h.t.customer(100);
    const res = await h.scrape(customer.key, { url: `${h.site.url}/html/basic`, formats: ['screenshot'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ formats: [expect.stringMatching(/install Chromium .*or set CHROMIUM_PATH/)] });
    expect(await h.balance(customer.id)).toBe(100);
    await h.expectAuditClean();
  });
});
