/**
 * Firecrawl's `onlyMainContent`, driven by the real `@mendable/firecrawl-js` client: by default
 * `html` is the page's main content, as its Markdown is; with `onlyMainContent: false` both are
 * the whole cleaned page, navigation, ads and footer included. A PDF names its author.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Firecrawl from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMinimalPdf } from '../../../tests/support/minimal-pdf.js';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';

const STORY = Array.from(
  { length: 5 },
  (_, i) => `<p>Paragraph ${i + 1} of the story about the harbour, long enough to read as prose: the ferries left at dawn.</p>`,
).join('');

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour news</title><script>window.tracker = 1;</script><style>p { color: red }</style></head><body>
  <nav class="site-nav"><a href="/">Home</a> <a href="/sections">Sections</a> <a href="/weather">Weather report</a></nav>
  <div class="ad-banner">Buy discount ferry tickets now</div>
  <main><h1>Harbour news</h1>${STORY}</main>
  <footer>Contact the newsroom · © 2026 The Harbour Gazette</footer></body></html>`;

const PDF = buildMinimalPdf({ title: 'Tide tables', author: 'Harbour Office', pages: [[{ text: 'High water at noon.', size: 11, x: 72, y: 700 }]] });

let site: Server;
let siteUrl: string;
let t: TestApp;
let firecrawl: Firecrawl;

beforeAll(async () => {
  site = createServer((request, response) => {
    const pdf = request.url === '/tides.pdf';
    response.writeHead(200, { 'content-type': pdf ? 'application/pdf' : 'text/html; charset=utf-8' });
    response.end(pdf ? Buffer.from(PDF) : PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({ SCRAPE_ALLOWED_HOSTS: `127.0.0.1:${port}`, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' });
  const base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  firecrawl = new Firecrawl({ apiKey: (await t.customer(100)).key, apiUrl: base });
}, 60_000);

afterAll(async () => {
  await t?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const CHROME = ['Weather report', 'discount ferry tickets', 'Contact the newsroom'];

describe('the html and markdown formats through firecrawl-js', () => {
  it('are the main content by default: no navigation, ads, footer or scripts', async () => {
    const doc = await firecrawl.scrape(`${siteUrl}/news`, { formats: ['markdown', 'html'], maxAge: 0 });
    expect(doc.html).toContain('<h1>Harbour news</h1>');
    expect(doc.html).toContain('<p>Paragraph 5 of the story about the harbour');
    expect(doc.markdown).toContain('Paragraph 5 of the story about the harbour');
    for (const chrome of CHROME) {
      expect(doc.html).not.toContain(chrome);
      expect(doc.markdown).not.toContain(chrome);
    }
    expect(doc.html).not.toMatch(/<script|<style|tracker/);
  });

  it('are the whole cleaned page with onlyMainContent: false, and the answer is cached apart from the main content’s', async () => {
    const whole = await firecrawl.scrape(`${siteUrl}/news`, { formats: ['markdown', 'html'], onlyMainContent: false });
    expect(whole.metadata?.cacheState).toBe('miss');
    for (const chrome of CHROME) {
      expect(whole.html).toContain(chrome);
      expect(whole.markdown).toContain(chrome);
    }
    expect(whole.html).toContain('<nav class="site-nav">');
    expect(whole.markdown).toContain('Paragraph 5 of the story about the harbour');
    expect(whole.html).not.toMatch(/<script|<style|tracker/);

    const main = await firecrawl.scrape(`${siteUrl}/news`, { formats: ['markdown', 'html'] });
    expect(main.metadata?.cacheState).toBe('hit');
    expect(main.html).not.toContain('Weather report');
  });

  it('reports a PDF’s author in the metadata', async () => {
    const doc = await firecrawl.scrape(`${siteUrl}/tides.pdf`, { formats: ['markdown'], maxAge: 0 });
    expect(doc.markdown).toBe('High water at noon.');
    expect(doc.metadata).toMatchObject({ title: 'Tide tables', author: 'Harbour Office' });
  });
});
