/**
 * Firecrawl's screenshot formats driven by the real `@mendable/firecrawl-js` client (v2 and its v1
 * client): the document's `screenshot` is a URL that serves the picture of the rendered page.
 */
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';
import { imageInfo } from '../../../tests/support/image-size.js';
import { findChromium } from '../../scrape/browser/index.js';

const chromium = findChromium();
if (!chromium) console.error('Firecrawl screenshot tests SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium)');

/** The image behind a screenshot URL, fetched over HTTP without any key. */
async function image(url: string | undefined) {
  expect(url).toMatch(/\/api\/v1\/screenshots\/[A-Za-z0-9_-]{43}\.(png|jpg)$/);
  const res = await fetch(url!);
  return { status: res.status, contentType: res.headers.get('content-type'), info: imageInfo(Buffer.from(await res.arrayBuffer())) };
}

describe.skipIf(!chromium)('screenshots through firecrawl-js (PRICE_SCRAPE 1, PRICE_SCRAPE_BROWSER 3)', () => {
  let c: CompatApp;
  let customer: { id: number; key: string };
  let firecrawl: Firecrawl;
  beforeAll(async () => {
    c = await startCompatApp({ PRICE_SCRAPE_BROWSER: '3' });
    customer = await c.h.t.customer(1000);
    firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: c.baseUrl });
  });
  afterAll(async () => c?.close());

  async function debit<T>(call: () => Promise<T>): Promise<{ result: T; spent: number }> {
    const before = await c.balance(customer.id);
    const result = await call();
    return { result, spent: before - (await c.balance(customer.id)) };
  }

  it("answers v2's `screenshot` with the URL of a PNG of the viewport, charged as a rendered scrape", async () => {
    const { result: doc, spent } = await debit(() => firecrawl.scrape(`${c.site.url}/a`, { formats: ['markdown', 'screenshot'] }));
    expect(spent).toBe(4);
    expect(doc.markdown).toContain('# Alpha');
    expect(doc.metadata).toMatchObject({ creditsUsed: 4, cacheState: 'miss' });
    expect(await image(doc.screenshot)).toEqual({ status: 200, contentType: 'image/png', info: { type: 'png', width: 1280, height: 720 } });
  });

  it("takes v2's screenshot object: its viewport, full page, and a JPEG at its quality", async () => {
    const doc = await firecrawl.scrape(`${c.site.url}/a`, {
      formats: [{ type: 'screenshot', fullPage: true, quality: 60, viewport: { width: 640, height: 480 } }],
    });
    const { status, contentType, info } = await image(doc.screenshot);
    expect({ status, contentType, type: info?.type, width: info?.width }).toEqual({ status: 200, contentType: 'image/jpeg', type: 'jpeg', width: 640 });
    expect(info!.height).toBeGreaterThanOrEqual(480);
  });

  it("answers the v1 client's `screenshot@fullPage` with a URL that serves the PNG", async () => {
    const v1 = await firecrawl.v1.scrapeUrl(`${c.site.url}/b`, { formats: ['screenshot@fullPage'] });
    expect(v1.success).toBe(true);
    const { info } = await image(v1.success ? v1.screenshot : undefined);
    expect(info).toMatchObject({ type: 'png', width: 1280 });
  });

  it('refuses a viewport out of range, and screenshots beyond /scrape, as Firecrawl 400s naming the field', async () => {
    const { result: error, spent } = await debit(() =>
      firecrawl.scrape(`${c.site.url}/a`, { formats: [{ type: 'screenshot', viewport: { width: 10_000, height: 480 } }] }).catch((e: unknown) => e),
    );
    expect(spent).toBe(0);
    expect((error as SdkError).status).toBe(400);
    expect((error as SdkError).message).toMatch(/formats\[0\]\.viewport\.width: must be an integer from 320 to 3840/);
    const searched = await firecrawl.search('solar storm', { limit: 2, scrapeOptions: { formats: ['screenshot'] } }).catch((e: unknown) => e);
    expect((searched as SdkError).status).toBe(400);
    expect((searched as SdkError).message).toMatch(/scrapeOptions\.formats\[0\]: screenshots are supported on \/scrape only/);
  });
});

describe('screenshots through firecrawl-js on a server without Chromium', () => {
  let c: CompatApp;
  beforeAll(async () => {
    c = await startCompatApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
  });
  afterAll(async () => c?.close());

  it('answers 400 naming how to enable them, charging nothing', async () => {
    const customer = await c.h.t.customer(100);
    const firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: c.baseUrl });
    const error = await firecrawl.scrape(`${c.site.url}/a`, { formats: ['screenshot'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(400);
    expect((error as SdkError).message).toMatch(/formats\[0\]: .*install Chromium .*or set CHROMIUM_PATH/);
    expect(await c.balance(customer.id)).toBe(100);
    await c.expectAuditClean();
  });
});
