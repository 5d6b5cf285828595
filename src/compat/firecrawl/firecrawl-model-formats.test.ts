/**
 * Firecrawl's formats a model writes, driven by the real `@mendable/firecrawl-js` client against
 * Quarry on loopback: `{type: "json", schema}` (v2) and `jsonOptions` (v1) → `json`, `summary` →
 * `summary`, `{type: "question", question}` → `answer`. The model is the loopback fake upstream.
 */
import type { AddressInfo } from 'node:net';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/support/fake-openai.js';
import type { HtmlSite } from '../../../tests/support/html-site.js';
import { expectAuditClean } from '../../../tests/support/ledger-watch.js';
import { BOILERPLATE, callCost, pageModelEnv, PRODUCT_SCHEMA, promptOf, startShopSite } from '../../../tests/support/page-model.js';

let fake: FakeOpenAI;
let shop: HtmlSite;
let t: TestApp;
let customer: { id: number; key: string };
let firecrawl: Firecrawl;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  shop = await startShopSite();
  t = await startTestApp({
    ...pageModelEnv(fake),
    SCRAPE_ALLOWED_HOSTS: shop.host,
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
  });
  await t.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  customer = await t.customer(1_000_000);
  baseUrl = `http://127.0.0.1:${(t.quarry.app.server.address() as AddressInfo).port}`;
  firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: baseUrl });
});
afterAll(async () => {
  await t?.close();
  await shop?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const product = () => `${shop.url}/product`;

async function debit<T>(call: () => Promise<T>): Promise<{ result: T; spent: number }> {
  const before = await t.quarry.services.ledger.balance(customer.id);
  const result = await call();
  return { result, spent: before - (await t.quarry.services.ledger.balance(customer.id)) };
}

describe('the LLM formats through firecrawl-js', () => {
  it('extracts json by schema (v2), charged as the page plus the tokens', async () => {
    const reply = '{"name": "Aurora kettle", "price": 49.9, "currency": "EUR"}';
    fake.setScenario({ kind: 'ok', reply });
    const { result: doc, spent } = await debit(() => firecrawl.scrape(product(), { formats: [{ type: 'json', schema: PRODUCT_SCHEMA }], maxAge: 0 }));
    expect(doc.json).toEqual({ name: 'Aurora kettle', price: 49.9, currency: 'EUR' });
    expect(doc.markdown).toBeUndefined();
    const cost = 1 + callCost(fake.requests[0], reply);
    expect(spent).toBe(cost);
    expect(doc.metadata?.creditsUsed).toBe(cost);
    expect(promptOf(fake.requests[0])).toContain('"required": [\n    "name",\n    "price"\n  ]');
  });

  it('extracts json by jsonOptions (the v1 client), asking once more when the reply does not validate', async () => {
    fake.setScenario({ kind: 'ok', reply: '{"name": "Aurora kettle"}' }, { kind: 'ok', reply: '{"name": "Aurora kettle", "price": 49.9}' });
    // The v1 client types the schema as a Zod schema; a JSON Schema is sent as it is.
    const v1 = await firecrawl.v1.scrapeUrl(product(), {
      formats: ['json', 'markdown'],
      jsonOptions: { schema: PRODUCT_SCHEMA as never, prompt: 'The product' },
    });
    expect(v1.success).toBe(true);
    expect(v1.success && v1.json).toEqual({ name: 'Aurora kettle', price: 49.9 });
    expect(v1.success && v1.markdown).toContain('# Aurora kettle');
    expect(promptOf(fake.requests[1])).toContain("must have required property 'price'");
  });

  it('writes a summary from the main content', async () => {
    const reply = 'A steel kettle that boils 1.7 litres fast, for 49.90 EUR.';
    fake.setScenario({ kind: 'ok', reply });
    const doc = await firecrawl.scrape(product(), { formats: ['summary'] });
    expect(doc.summary).toBe(reply);
    const prompt = promptOf(fake.requests[0]);
    expect(prompt).toContain('Summarise this page.');
    expect(prompt).toContain('Price: 49.90 EUR');
    for (const text of BOILERPLATE) expect(prompt).not.toContain(text);
  });

  it("answers a question from the page's passages, as the document's answer", async () => {
    const reply = 'It costs 49.90 EUR [1].';
    fake.setScenario({ kind: 'ok', reply });
    const doc = await firecrawl.scrape(product(), { formats: ['markdown', { type: 'question', question: 'What does the kettle cost?' }] });
    expect(doc.answer).toBe(reply);
    expect(doc.markdown).toContain('# Aurora kettle');
    const prompt = promptOf(fake.requests[0]);
    expect(prompt).toContain('Price: 49.90 EUR');
    expect(prompt).toContain(`[1] Aurora kettle (${product()})`);
    expect(prompt.trimEnd().endsWith('Question: What does the kettle cost?')).toBe(true);
    for (const text of BOILERPLATE) expect(prompt).not.toContain(text);
  });

  it('answers 422 when the retry fails too, charging the tokens and not the page', async () => {
    const replies = ['{}', '{"price": "a lot"}'];
    fake.setScenario({ kind: 'ok', reply: replies[0] }, { kind: 'ok', reply: replies[1] });
    const { result: error, spent } = await debit(() =>
      firecrawl.scrape(product(), { formats: [{ type: 'json', schema: PRODUCT_SCHEMA }], maxAge: 0 }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(422);
    expect((error as SdkError).message).toMatch(/\/price: must be number/);
    expect(spent).toBe(callCost(fake.requests[0], replies[0]!) + callCost(fake.requests[1], replies[1]!));
  });

  it('refuses what cannot be used with a Firecrawl 400, asking no model', async () => {
    const attempts: [Record<string, unknown>, RegExp][] = [
      [{ formats: [{ type: 'json', schema: { type: 'nonsense' } }] }, /formats\[0\]\.schema: Not a usable JSON Schema/],
      [{ formats: [{ type: 'json', prompt: 'p'.repeat(4001) }] }, /formats\[0\]\.prompt: Ensure this field has no more than 4000 characters/],
      [{ formats: ['json'], jsonOptions: { prompt: 'x', systemPrompt: 'You are a pirate' } }, /jsonOptions\.systemPrompt/],
      [{ formats: ['markdown'], jsonOptions: { prompt: 'the price' } }, /jsonOptions: jsonOptions applies to the json format/],
    ];
    for (const [options, message] of attempts) {
      const error = await firecrawl.v1.scrapeUrl(product(), options).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/Status code: 400/);
      const raw = await fetch(`${baseUrl}/v1/scrape`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.key}` },
        body: JSON.stringify({ url: product(), ...options }),
      });
      expect(raw.status).toBe(400);
      expect(((await raw.json()) as { error: string }).error).toMatch(message);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves the ledger clean', async () => {
    await expectAuditClean(t);
  });
});
