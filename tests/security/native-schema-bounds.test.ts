/**
 * Finding 11 of issue 25 (schema review): every option of Quarry's REST API and of Firecrawl's
 * scrape that multiplies work or is passed on has a documented maximum, checked by the schema.
 * For each bound: one past it is a 400 naming the field (DRF's body, or Firecrawl's), and the
 * bound itself is served. Real server over loopback; pages from the loopback fixture site, chat
 * from the loopback fake upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGE_MS } from '../../src/compat/firecrawl/schemas.js';
import { MAX_SCRAPE_FORMAT_ITEMS, SCRAPE_FORMATS } from '../../src/scrape/schemas.js';
import { VERTICALS } from '../../src/search/verticals.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';

let site: FixtureSite;
let fake: FakeOpenAI;
let t: TestApp;
let base: string;
let customer: Awaited<ReturnType<TestApp['customer']>>;

beforeAll(async () => {
  site = await startFixtureSite();
  fake = await startFakeOpenAI();
  t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: site.host,
    INDEX_SCRAPES: 'off',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    CHAT_UPSTREAM_URL: fake.url,
    CHAT_UPSTREAM_MODEL: 'upstream-model',
  });
  customer = await t.customer(1000);
  base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await site?.close();
});

async function post(path: string, body: unknown, auth: 'key' | 'token' = 'key') {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(auth === 'key' ? { authorization: `Bearer ${customer.key}` } : { authorization: `Bearer ${customer.access}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("Quarry's REST API", () => {
  it(`scrape: \`formats\` takes at most ${MAX_SCRAPE_FORMAT_ITEMS} items, repeats included`, async () => {
    const url = `${site.url}/html/basic`;
    const formats = (count: number) => Array.from({ length: count }, (_, n) => SCRAPE_FORMATS[n % SCRAPE_FORMATS.length]);
    const over = await post('/api/v1/scrape/', { url, formats: formats(MAX_SCRAPE_FORMAT_ITEMS + 1) });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ formats: [`Ensure this field has no more than ${MAX_SCRAPE_FORMAT_ITEMS} elements.`] });
    const at = await post('/api/v1/scrape/', { url, formats: formats(MAX_SCRAPE_FORMAT_ITEMS) });
    expect(at.status).toBe(200);
    expect(Object.keys(at.body.data as object).sort()).toEqual(['json', 'markdown', 'metadata', 'text']);
  });

  it('combined search: `sources` takes each vertical at most once', async () => {
    const over = await post('/api/v1/search', { query: 'fixture', sources: [...VERTICALS, 'web'] });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body)).toEqual(['sources']);
    expect(over.body.sources).toContain(`Ensure this field has no more than ${VERTICALS.length} elements.`);
    const at = await post('/api/v1/search', { query: 'fixture', sources: [...VERTICALS] });
    expect(at.status, JSON.stringify(at.body)).not.toBe(400);
    // This app has no answer source (empty index, no upstream): a 503 saying so, else an answer.
    expect([200, 503]).toContain(at.status);
  });

  it('OpenAI chat: `seed` is a safe integer', async () => {
    const messages = [{ role: 'user', content: 'hello' }];
    const over = await post('/api/v1/chat/completions', { messages, seed: Number.MAX_SAFE_INTEGER + 1 });
    // The OpenAI alias answers in OpenAI's error shape, which names the field in `param`.
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ type: 'invalid_request_error', param: 'seed' });
    const under = await post('/api/v1/chat/completions', { messages, seed: -Number.MAX_SAFE_INTEGER - 1 });
    expect(under.status).toBe(400);
    expect(under.body.error).toMatchObject({ type: 'invalid_request_error', param: 'seed' });
    const at = await post('/api/v1/chat/completions', { messages, seed: Number.MAX_SAFE_INTEGER });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
  });

  it('billing: `plan` is at most 64 characters, as long as a plan id can be', async () => {
    const over = await post('/api/v1/billing/checkout/create-transaction/', { plan: 'p'.repeat(65) }, 'token');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ plan: ['Ensure this field has no more than 64 characters.'] });
    // At the bound the plan is looked up (and, unknown here, refused for that reason, not its length).
    const at = await post('/api/v1/billing/checkout/create-transaction/', { plan: 'p'.repeat(64) }, 'token');
    expect(at.body).not.toEqual({ plan: ['Ensure this field has no more than 64 characters.'] });
  });

  it('usage: `from` and `to` are at most 64 characters', async () => {
    const get = async (query: string) => {
      const res = await fetch(`${base}/api/v1/usage/?${query}`, { headers: { authorization: `Bearer ${customer.key}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    for (const field of ['from', 'to']) {
      const over = await get(`${field}=2024-01-01T00:00:00.${'0'.repeat(45)}`);
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ [field]: ['Ensure this field has no more than 64 characters.'] });
      // 64 characters reach the date parser, which says what is wrong with them.
      const at = await get(`${field}=2024-01-01T00:00:00.${'0'.repeat(44)}`);
      expect(at.status).toBe(400);
      expect(at.body).toEqual({ [field]: ['Enter a valid date (YYYY-MM-DD) or UTC datetime.'] });
    }
    expect((await get('from=2024-01-01&to=2024-01-02T00:00:00.123456789Z')).status).toBe(200);
  });
});

describe("Firecrawl's scrape", () => {
  const scrape = (body: Record<string, unknown>) => post('/v2/scrape', { url: `${site.url}/html/basic`, ...body });

  it('`maxAge` is at most ten years', async () => {
    const over = await scrape({ maxAge: MAX_AGE_MS + 1 });
    expect(over.status).toBe(400);
    expect(over.body.success).toBe(false);
    expect(String(over.body.error)).toMatch(/maxAge/);
    const at = await scrape({ maxAge: MAX_AGE_MS });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
  });

  it('a format name is at most 32 characters', async () => {
    for (const formats of [['m'.repeat(33)], [{ type: 'm'.repeat(33) }]]) {
      const over = await scrape({ formats });
      expect(over.status).toBe(400);
      expect(String(over.body.error)).toMatch(/formats/);
      expect(String(over.body.error)).not.toMatch(/is not supported/);
    }
    // At the bound the name is read, and refused as a format Quarry does not have.
    const at = await scrape({ formats: ['m'.repeat(32)] });
    expect(at.status).toBe(400);
    expect(String(at.body.error)).toMatch(/formats\[0\]: format "m{32}" is not supported/);
  });

  it('`origin` and `integration` are at most 256 characters', async () => {
    for (const field of ['origin', 'integration']) {
      const over = await scrape({ [field]: 'x'.repeat(257) });
      expect(over.status, field).toBe(400);
      expect(String(over.body.error), field).toMatch(new RegExp(field));
      const at = await scrape({ [field]: 'x'.repeat(256) });
      expect(at.status, field).toBe(200);
    }
  });
});
