/**
 * `POST /api/v1/scrape/` with the formats a chat model writes: `json` with `json_options` (JSON
 * extracted by schema and/or prompt, validated, asked once more when it fails) and `summary`.
 * The model is the loopback fake upstream; the page a loopback shop page. Charges are checked
 * against the ledger: the page and every call's tokens, or the tokens alone when the extraction
 * failed, or nothing when the model failed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import type { HtmlSite } from '../../tests/support/html-site.js';
import { BOILERPLATE, callCost, messagesOf, pageModelEnv, PRODUCT_SCHEMA, promptOf, startShopSite } from '../../tests/support/page-model.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

let fake: FakeOpenAI;
let shop: HtmlSite;
let h: ScrapeHarness;
let customer: { id: number; key: string };

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  shop = await startShopSite();
  h = await startScrapeHarness({ env: pageModelEnv(fake), allowedHosts: [shop.host] });
  customer = await h.t.customer(1_000_000);
});
afterAll(async () => {
  await h?.close();
  await shop?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const product = () => `${shop.url}/product`;

/** The scrape, and what it took from the customer's balance. */
async function scrape(payload: Record<string, unknown>) {
  const before = await h.balance(customer.id);
  const res = await h.scrape(customer.key, { use_cache: false, ...payload });
  return { res, spent: before - (await h.balance(customer.id)) };
}

describe('json with json_options', () => {
  it('asks again naming the missing field, and charges the page and both tries', async () => {
    const first = '{"name": "Aurora kettle", "currency": "EUR"}';
    const second = '{"name": "Aurora kettle", "price": 49.9, "currency": "EUR"}';
    fake.setScenario({ kind: 'ok', reply: first }, { kind: 'ok', reply: second });
    const { res, spent } = await scrape({ url: product(), formats: ['json'], json_options: { schema: PRODUCT_SCHEMA } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Record<string, unknown> & { metadata: { warnings: string[] } } };
    expect(body.data.json).toEqual({ name: 'Aurora kettle', price: 49.9, currency: 'EUR' });
    expect(Object.keys(body.data).sort()).toEqual(['json', 'metadata']);
    expect(body.data.metadata.warnings).toEqual([]);

    expect(fake.requests).toHaveLength(2);
    const retry = messagesOf(fake.requests[1]);
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: first });
    expect(retry.at(-1)?.content).toContain("/: must have required property 'price'");
    const expected = 1 + callCost(fake.requests[0], first) + callCost(fake.requests[1], second);
    expect(spent).toBe(expected);
    expect(res.headers['x-credits-used']).toBe(String(expected));
    await h.expectAuditClean();
  });

  it("shows the model the page's main content and the schema, not the navigation or footer, and sends no response_format", async () => {
    fake.setScenario({ kind: 'ok', reply: '{"name": "Aurora kettle", "price": 49.9}' });
    const { res } = await scrape({ url: product(), formats: ['json'], json_options: { schema: PRODUCT_SCHEMA, prompt: 'The product and its price' } });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = promptOf(fake.requests[0]);
    expect(prompt).toContain('Price: 49.90 EUR');
    expect(prompt).toContain(JSON.stringify(PRODUCT_SCHEMA, null, 2));
    expect(prompt).toContain('What to extract: The product and its price');
    for (const text of BOILERPLATE) expect(prompt).not.toContain(text);
    // Servers that refuse response_format must work: the prompt carries the schema.
    expect(fake.requests[0]?.body).not.toHaveProperty('response_format');
  });

  it('answers 422 naming the fields when the retry fails too, charging both tries and not the page', async () => {
    const replies = ['{"name": "Aurora kettle"}', '{"name": 7, "price": "cheap"}'];
    fake.setScenario({ kind: 'ok', reply: replies[0] }, { kind: 'ok', reply: replies[1] });
    const { res, spent } = await scrape({ url: product(), formats: ['json', 'markdown'], json_options: { schema: PRODUCT_SCHEMA } });
    expect(res.statusCode, res.body).toBe(422);
    const { error } = res.json() as { error: string };
    expect(error).toContain('/name: must be string');
    expect(error).toContain('/price: must be number');
    const tokens = callCost(fake.requests[0], replies[0]!) + callCost(fake.requests[1], replies[1]!);
    expect(spent).toBe(tokens);
    expect(res.headers['x-credits-used']).toBe(String(tokens));
    expect(res.headers['x-credits-remaining']).toBe(String(await h.balance(customer.id)));
    await h.expectAuditClean();
  });

  it('takes any JSON object for a prompt without a schema, in a Markdown fence too', async () => {
    fake.setScenario({ kind: 'ok', reply: '```json\n{"warranty_years": 2}\n```' });
    const { res } = await scrape({ url: product(), formats: ['json'], json_options: { prompt: 'How long is the warranty?' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { json: unknown } }).data.json).toEqual({ warranty_years: 2 });
    expect(fake.requests).toHaveLength(1);
  });

  it('charges nothing at all when the model fails', async () => {
    fake.setScenario({ kind: 'status', status: 500 });
    const { res, spent } = await scrape({ url: product(), formats: ['json'], json_options: { schema: PRODUCT_SCHEMA } });
    expect(res.statusCode).toBe(502);
    expect((res.json() as { error: string }).error).toMatch(/^The chat upstream is unavailable/);
    expect(spent).toBe(0);
    await h.expectAuditClean();
  });

  it('charges nothing when the retry fails at the model', async () => {
    fake.setScenario({ kind: 'ok', reply: 'not json at all' }, { kind: 'status', status: 500 });
    const { res, spent } = await scrape({ url: product(), formats: ['json'], json_options: { prompt: 'the price' } });
    expect(res.statusCode).toBe(502);
    expect(messagesOf(fake.requests[1]).at(-1)?.content).toContain('/: the reply is not JSON');
    expect(spent).toBe(0);
    await h.expectAuditClean();
  });

  it("keeps Quarry's structured JSON for json without json_options", async () => {
    const { res, spent } = await scrape({ url: product(), formats: ['json'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { json: { title: string } } }).data.json.title).toBe('Aurora kettle');
    expect(spent).toBe(1);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('summary', () => {
  it("writes the model's summary beside the asked formats, from the main content, charged as page plus tokens", async () => {
    const reply = 'The Aurora kettle is a steel kettle that boils fast.\n\nIt costs 49.90 EUR.';
    fake.setScenario({ kind: 'ok', reply });
    const { res, spent } = await scrape({ url: product(), formats: ['summary', 'markdown'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { summary: string; markdown: string } };
    expect(body.data.summary).toBe(reply);
    expect(body.data.markdown).toContain('# Aurora kettle');
    const prompt = promptOf(fake.requests[0]);
    expect(prompt).toContain('Summarise this page.');
    expect(prompt).toContain('two-year warranty');
    for (const text of BOILERPLATE) expect(prompt).not.toContain(text);
    expect(spent).toBe(1 + callCost(fake.requests[0], reply));
  });

  it('cuts a long page to fit the model, and says so', async () => {
    fake.setScenario({ kind: 'ok', reply: 'A history of kettles.' });
    const { res } = await scrape({ url: `${shop.url}/long`, formats: ['summary'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { summary: string; metadata: { warnings: string[] } } };
    expect(Object.keys(body.data).sort()).toEqual(['metadata', 'summary']);
    expect(body.data.metadata.warnings).toEqual(["The page's content was cut to its first 6000 tokens for the model."]);
    const prompt = promptOf(fake.requests[0]);
    expect(prompt).toContain('Paragraph 1 tells');
    expect(prompt).not.toContain('zeppelin');
  });
});

describe('refusals, before anything is held or asked', () => {
  const cases: [string, () => Record<string, unknown>, unknown][] = [
    [
      'a schema that is not an object',
      () => ({ formats: ['json'], json_options: { schema: 'price' } }),
      { json_options: { schema: ['Must be a JSON Schema object.'] } },
    ],
    [
      'a schema Ajv cannot compile',
      () => ({ formats: ['json'], json_options: { schema: { type: 'nonsense' } } }),
      { json_options: { schema: [expect.stringMatching(/^Not a usable JSON Schema: /)] } },
    ],
    [
      'a schema whose pattern RE2 cannot run',
      () => ({ formats: ['json'], json_options: { schema: { type: 'object', properties: { a: { type: 'string', pattern: '(a+)\\1' } } } } }),
      { json_options: { schema: [expect.stringMatching(/^Not a usable JSON Schema: /)] } },
    ],
    [
      'a schema over 32 KB',
      () => ({ formats: ['json'], json_options: { schema: { type: 'object', description: 'x'.repeat(33_000) } } }),
      { json_options: { schema: [expect.stringMatching(/at most 32768 are accepted/)] } },
    ],
    [
      'a prompt over 4000 characters',
      () => ({ formats: ['json'], json_options: { prompt: 'p'.repeat(4001) } }),
      { json_options: { prompt: [expect.any(String)] } },
    ],
    [
      'json_options with neither schema nor prompt',
      () => ({ formats: ['json'], json_options: {} }),
      { json_options: { schema: ['A schema or a prompt is required.'] } },
    ],
    [
      'json_options without the json format',
      () => ({ formats: ['markdown'], json_options: { prompt: 'the price' } }),
      { json_options: [expect.stringMatching(/add "json" to formats/)] },
    ],
    ['an unknown model', () => ({ formats: ['summary'], model: 'no-such-model' }), { model: [expect.stringContaining('no-such-model')] }],
  ];
  for (const [name, body, expected] of cases) {
    it(`answers 400 for ${name}`, async () => {
      const { res, spent } = await scrape({ url: product(), ...body() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(expected);
      expect(spent).toBe(0);
      expect(fake.requests).toHaveLength(0);
    });
  }
});

describe('a server without a chat model', () => {
  let bare: ScrapeHarness;
  beforeAll(async () => {
    bare = await startScrapeHarness({ allowedHosts: [shop.host] });
  });
  afterAll(async () => bare?.close());

  it('answers 503 for summary and json with json_options, before anything is held', async () => {
    const poor = await bare.t.customer(5);
    for (const payload of [{ formats: ['summary'] }, { formats: ['json'], json_options: { prompt: 'the price' } }]) {
      const res = await bare.scrape(poor.key, { url: product(), ...payload });
      expect(res.statusCode, res.body).toBe(503);
      expect((res.json() as { error: string }).error).toMatch(/CHAT_UPSTREAM_URL|model/i);
    }
    expect(await bare.balance(poor.id)).toBe(5);
    await bare.expectAuditClean();
  });
});
