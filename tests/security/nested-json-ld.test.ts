/**
 * Issue 16, item 10: a JSON-LD block nested a hundred thousand levels deep used to overflow the
 * stack (a 500). It must degrade: the block is skipped, the scrape answers 200 with the rest of
 * the page (the well-formed JSON-LD block included), and `metadata.warnings` says what was left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { PLAIN_ARTICLE_TEXT, startHostileSite, WELL_FORMED_JSON_LD, type HostileSite } from '../support/hostile-pages.js';

describe('a page with deeply nested JSON-LD', () => {
  let site: HostileSite;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    site = await startHostileSite();
    t = await startTestApp({ SCRAPE_ALLOWED_HOSTS: site.host, THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' });
    key = (await t.customer(100)).key;
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const scrape = (depth: number) =>
    t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/scrape/',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: { url: `${site.url}/json-ld/nested?depth=${depth}`, formats: ['json', 'text'], render: 'never' },
    });

  it.each([100_000, 1_000])('skips a block nested %i levels deep with a warning, and answers 200', async (depth) => {
    const res = await scrape(depth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { text: string; json: { structured_data: unknown[] }; metadata: { warnings: string[] } } };
    expect(body.data.text).toContain(PLAIN_ARTICLE_TEXT);
    expect(body.data.json.structured_data).toEqual([WELL_FORMED_JSON_LD]);
    expect(body.data.metadata.warnings).toEqual(['1 JSON-LD block nested deeper than 64 levels skipped.']);
  });

  it('keeps a block within the depth budget, without a warning', async () => {
    const res = await scrape(20);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { json: { structured_data: Array<Record<string, unknown>> }; metadata: { warnings: string[] } } };
    expect(body.data.json.structured_data).toHaveLength(2);
    expect(body.data.metadata.warnings).toEqual([]);
  });

  it('documents the warnings in the OpenAPI schema of the scrape metadata', async () => {
    const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' });
    const document = res.json() as {
      components: { schemas: Record<string, { properties: Record<string, { type: string; description?: string }>; required: string[] }> };
    };
    const metadata = document.components.schemas.ScrapeMetadata;
    expect(metadata?.properties.warnings?.type).toBe('array');
    expect(metadata?.properties.warnings?.description).toMatch(/left out/);
    expect(metadata?.required).toContain('warnings');
  });
});
