/**
 * Details a reader of `POST /api/v1/scrape/` notices: a PDF keeps its paragraphs apart and names
 * its author (from the document information dictionary); a figure's caption stays with its picture.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMinimalPdf } from '../../tests/support/minimal-pdf.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

/** Two short paragraphs set as a word processor sets them: the gap between them is wider than a line's. */
const TWO_PARAGRAPHS = buildMinimalPdf({
  title: 'Field notes',
  author: 'Ada Lovelace',
  pages: [
    [
      { text: 'The first paragraph starts here and', size: 11, x: 72, y: 700 },
      { text: 'ends on its second line.', size: 11, x: 72, y: 687 },
      { text: 'The second paragraph follows a gap and', size: 11, x: 72, y: 667 },
      { text: 'also ends on its second line.', size: 11, x: 72, y: 654 },
      { text: 'A third one, a single line.', size: 11, x: 72, y: 634 },
    ],
  ],
});

const STORY_PARAGRAPHS = Array.from(
  { length: 5 },
  (_, i) => `<p>Paragraph ${i + 1} of the story about herons, long enough to read as prose: the birds wait at the edge of the water for hours.</p>`,
).join('');

/** An article with a captioned photo, a photo whose caption is only a credit, and the usual chrome around it. */
const STORY = `<!doctype html><html lang="en"><head><title>Herons at dawn</title><meta property="og:type" content="article"></head><body>
  <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/birds">Birds</a></nav>
  <article><h1>Herons at dawn</h1>${STORY_PARAGRAPHS}
    <figure><img src="/heron.jpg" alt="A heron"><figcaption>A grey heron waits at the edge of the pond at first light.</figcaption></figure>
    ${STORY_PARAGRAPHS.replaceAll('Paragraph', 'Later paragraph')}
    <figure><img src="/pond.jpg" alt="The pond"><figcaption>Photo: Jane Doe, AP</figcaption></figure>
  </article>
  <footer>© 2026 The Pond Gazette. All rights reserved.</footer></body></html>`;

let h: ScrapeHarness;
let site: Server;
let pdfUrl: string;
let storyUrl: string;
let customer: { id: number; key: string };

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/story') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(STORY);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end(Buffer.from(TWO_PARAGRAPHS));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  pdfUrl = `http://${host}/notes.pdf`;
  storyUrl = `http://${host}/story`;
  h = await startScrapeHarness({ allowedHosts: [host] });
  customer = await h.t.customer(100);
});

afterAll(async () => {
  await h?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('POST /api/v1/scrape/ on a PDF', () => {
  it('keeps paragraphs apart with a blank line, and joins the lines inside each', async () => {
    const res = await h.scrape(customer.key, { url: pdfUrl, formats: ['markdown', 'text'], use_cache: false });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: { markdown: string; text: string } };
    const paragraphs = [
      'The first paragraph starts here and ends on its second line.',
      'The second paragraph follows a gap and also ends on its second line.',
      'A third one, a single line.',
    ];
    expect(data.markdown).toBe(paragraphs.join('\n\n'));
    expect(data.text).toBe(paragraphs.join('\n\n'));
  });

  it('reports the PDF’s title and author in the metadata', async () => {
    const res = await h.scrape(customer.key, { url: pdfUrl, formats: ['markdown'], use_cache: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { metadata: Record<string, unknown> } }).data.metadata).toMatchObject({
      title: 'Field notes',
      author: 'Ada Lovelace',
      content_type: 'application/pdf',
    });
  });
});

describe('POST /api/v1/scrape/ on an article with figures', () => {
  it('keeps a figure’s caption under its picture, in italics in Markdown, and leaves out a bare photo credit and the page’s chrome', async () => {
    const res = await h.scrape(customer.key, { url: storyUrl, formats: ['markdown', 'text'], use_cache: false });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: { markdown: string; text: string } };
    expect(data.markdown).toContain(`![A heron](${new URL('/heron.jpg', storyUrl).href})\n\n*A grey heron waits at the edge of the pond at first light.*`);
    expect(data.text).toContain('A grey heron waits at the edge of the pond at first light.');
    expect(data.text).not.toContain('*');
    for (const output of [data.markdown, data.text]) {
      expect(output).toContain('Later paragraph 5 of the story');
      expect(output).not.toContain('Jane Doe');
      expect(output).not.toContain('All rights reserved');
      expect(output).not.toMatch(/\bBirds\b/);
    }
  });
});
