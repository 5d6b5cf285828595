import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARSET_SAMPLES, COMPRESSED_TEXT, PDF_TEXT, PLAIN_TEXT } from '../../tests/support/fixture-site.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';
import { MARKDOWN_DOCUMENT, MARKDOWN_DOCUMENT_TEXT } from '../../tests/support/plain-text-documents.js';
import { expectPlainArticleText } from '../../tests/support/plain-text.js';

let h: ScrapeHarness;
let customer: { id: number; key: string };
beforeAll(async () => {
  h = await startScrapeHarness();
  customer = await h.t.customer(1000);
});
afterAll(async () => h.close());

/** A fresh scrape that must succeed and cost exactly one credit (`PRICE_SCRAPE`). */
async function scrapeOk(payload: Record<string, unknown>) {
  const before = await h.balance(customer.id);
  const res = await h.scrape(customer.key, { use_cache: false, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-credits-used']).toBe('1');
  expect(await h.balance(customer.id)).toBe(before - 1);
  return res.json() as { success: boolean; data: Record<string, unknown> & { metadata: Record<string, unknown> } };
}

describe('POST /api/v1/scrape/ on an HTML page', () => {
  it('returns clean Markdown that keeps headings, tables, code, lists and links', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/html/article`, formats: ['markdown'] });
    expect(body.success).toBe(true);
    const markdown = String(body.data.markdown);
    expect(markdown).toContain('# An article with structure');
    expect(markdown).toContain('## A table');
    expect(markdown).toMatch(/\| *Name *\| *Value *\|/);
    expect(markdown).toContain('```');
    expect(markdown).toContain('return a + b;');
    expect(markdown).toMatch(/^[-*] first item$/m);
    expect(markdown).toContain(`[link](${h.site.url}/html/basic)`);
    expect(markdown).not.toMatch(/<\/?(p|h1|table|article)\b/);
    expect(Object.keys(body.data).sort()).toEqual(['markdown', 'metadata']);
  });

  it('returns plain text without HTML or Markdown syntax', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/html/article`, formats: ['text'] });
    const text = String(body.data.text);
    expect(text).toContain('An article with structure');
    expectPlainArticleText(text);
    expect(Object.keys(body.data).sort()).toEqual(['metadata', 'text']);
  });

  it('returns structured JSON with metadata and content', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/html/article`, formats: ['json'] });
    const json = body.data.json as Record<string, unknown>;
    expect(json).toMatchObject({
      title: 'An article with structure',
      url: `${h.site.url}/html/article`,
      language: 'en',
      headings: ['An article with structure', 'A table', 'Code', 'Lists'],
    });
    expect(String(json.content)).toContain('## Code');
    expect(json.links).toEqual(expect.arrayContaining([{ text: 'link', url: `${h.site.url}/html/basic` }]));
    expect(Array.isArray(json.structured_data)).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['json', 'metadata']);
  });

  it('returns every requested format at once, in any order and with repeats', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/html/basic`, formats: ['json', 'text', 'markdown', 'text'] });
    expect(Object.keys(body.data).sort()).toEqual(['json', 'markdown', 'metadata', 'text']);
    expect(body.data.markdown).toContain('Hello from the fixture site.');
    expect(body.data.text).toContain('Hello from the fixture site.');
  });

  it('reports the metadata of the page and of the exchange', async () => {
    const url = `${h.site.url}/html/basic`;
    const body = await scrapeOk({ url, formats: ['markdown'] });
    expect(body.data.metadata).toEqual({
      title: 'Basic fixture page',
      description: null,
      status_code: 200,
      url,
      source_url: url,
      content_type: 'text/html',
      language: 'en',
      canonical_url: url,
      published: null,
      author: null,
      site_name: null,
      engine: 'fetch',
      cache: 'miss',
      warnings: [],
    });
  });

  it('reports the final URL after redirects, and the URL as it was asked for', async () => {
    const source = `${h.site.url}/redirect/chain/3#top`;
    const body = await scrapeOk({ url: source, formats: ['text'] });
    expect(body.data.metadata).toMatchObject({ url: `${h.site.url}/html/basic`, source_url: source, status_code: 200 });
    expect(body.data.text).toContain('Hello from the fixture site.');
  });
});

describe('character sets and compression', () => {
  for (const [name, sample] of Object.entries(CHARSET_SAMPLES)) {
    for (const declare of ['header', 'meta', 'http-equiv']) {
      it(`reads a ${name} page declared by ${declare}`, async () => {
        const body = await scrapeOk({ url: `${h.site.url}/charset/${name}?declare=${declare}`, formats: ['text'] });
        expect(body.data.metadata.title).toBe(sample.text);
        expect(body.data.text).toContain(sample.text);
      });
    }
  }

  it('honours a UTF-16 byte-order mark, a BOM over the header, and the header over a meta tag', async () => {
    expect((await scrapeOk({ url: `${h.site.url}/charset/utf-16le-bom`, formats: ['text'] })).data.text).toContain('Ünïcödé in UTF-16LE');
    expect((await scrapeOk({ url: `${h.site.url}/charset/bom-beats-header`, formats: ['text'] })).data.text).toContain('Ünïcödé behind a BOM');
    const headerWins = await scrapeOk({ url: `${h.site.url}/charset/header-beats-meta`, formats: ['text'] });
    expect(headerWins.data.text).toContain(CHARSET_SAMPLES['windows-1251']!.text);
  });

  for (const coding of ['gzip', 'br', 'deflate', 'deflate-raw']) {
    it(`reads a ${coding}-compressed page`, async () => {
      const body = await scrapeOk({ url: `${h.site.url}/compressed/${coding}`, formats: ['text'] });
      expect(body.data.text).toContain(COMPRESSED_TEXT);
    });
  }
});

describe('documents other than HTML', () => {
  it('reads a PDF into Markdown, text and JSON content', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/pdf`, formats: ['markdown', 'text', 'json'] });
    expect(body.data.markdown).toContain(PDF_TEXT);
    expect(body.data.text).toContain(PDF_TEXT);
    expect((body.data.json as { content: string; url: string }).content).toContain(PDF_TEXT);
    expect(body.data.metadata).toMatchObject({ content_type: 'application/pdf', status_code: 200, engine: 'fetch' });
  });

  it('passes plain text through unchanged', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/text`, formats: ['text', 'markdown'] });
    expect(body.data.text).toBe(PLAIN_TEXT);
    expect(body.data.markdown).toBe(PLAIN_TEXT);
    expect(body.data.metadata).toMatchObject({ content_type: 'text/plain', title: null });
  });

  for (const path of ['/markdown', '/docs/readme.md']) {
    it(`reads a Markdown document (${path}): the source as markdown, the words without marks as text`, async () => {
      const body = await scrapeOk({ url: `${h.site.url}${path}`, formats: ['text', 'markdown', 'json'] });
      expect(body.data.text).toBe(MARKDOWN_DOCUMENT_TEXT);
      expect(body.data.markdown).toBe(MARKDOWN_DOCUMENT.trim());
      expect(body.data.json).toMatchObject({ title: 'Quarry handbook', headings: ['Quarry handbook'], content: MARKDOWN_DOCUMENT.trim() });
      expect(body.data.metadata).toMatchObject({ title: 'Quarry handbook', engine: 'fetch' });
    });
  }

  it('passes a JSON document through as text', async () => {
    const body = await scrapeOk({ url: `${h.site.url}/json`, formats: ['text'] });
    expect(JSON.parse(String(body.data.text))).toEqual({ message: 'fixture json', items: [1, 2, 3] });
  });

  it('keeps the audit clean after all of the above', async () => {
    await h.expectAuditClean();
  });
});
