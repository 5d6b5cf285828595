import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

/**
 * A login token (the dashboard's JWT) sent to a call that needs an API key: the contract's body
 * stays exactly `{"detail": "Invalid or inactive API key."}`, with a `hint` beside it saying an
 * API key is wanted in X-API-KEY; the drop-in surfaces say the same in their own shapes.
 */
const HINT =
  'A login token was sent where an API key is wanted: send an API key in the X-API-KEY header (create one on the dashboard or with POST /api/v1/api-keys/).';
let h: ScrapeHarness;
let fake: FakeOpenAI;
let c: { id: number; access: string; key: string };

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  h = await startScrapeHarness({ env: { CHAT_UPSTREAM_URL: fake.url, CHAT_UPSTREAM_API_KEY: 'sk-upstream', CHAT_UPSTREAM_MODEL: 'upstream-model' } });
  c = await h.t.customer(5);
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const post = async (url: string, headers: Record<string, string>, payload: unknown = {}) => {
  const res = await h.t.quarry.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const search = { q: 'anything' };

describe("Quarry's REST API given a login token for an API key", () => {
  it('keeps the contract body and adds the hint, whichever header carried the token', async () => {
    const carriers: Record<string, string>[] = [{ authorization: `Bearer ${c.access}` }, { 'x-api-key': c.access }, { authorization: `JWT ${c.access}` }];
    for (const headers of carriers) {
      const answer = await post('/api/v1/search', headers, search);
      expect(answer, JSON.stringify(Object.keys(headers))).toEqual({ status: 401, body: { detail: 'Invalid or inactive API key.', hint: HINT } });
    }
  });

  it('gives no hint for a key that is simply wrong, or missing', async () => {
    expect(await post('/api/v1/search', { 'x-api-key': 'qk_not-a-real-key' }, search)).toEqual({
      status: 401,
      body: { detail: 'Invalid or inactive API key.' },
    });
    expect(await post('/api/v1/search', {}, search)).toEqual({ status: 401, body: { detail: 'Invalid or inactive API key.' } });
  });

  it('charges nothing', async () => {
    await post('/api/v1/scrape/', { authorization: `Bearer ${c.access}` }, { url: `${h.site.url}/html/basic`, formats: ['text'] });
    expect(await h.balance(c.id)).toBe(5);
  });
});

describe('the drop-in surfaces given a login token as their Bearer key', () => {
  const bearer = () => ({ authorization: `Bearer ${c.access}` });

  it('Firecrawl answers its own error shape with the hint', async () => {
    const answer = await post('/v1/scrape', bearer(), { url: `${h.site.url}/html/basic` });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, error: `Unauthorized: Invalid token (Invalid or inactive API key. ${HINT})` });
  });

  it('Tavily and Exa say it in their messages', async () => {
    const tavily = await post('/tavily/search', bearer(), { query: 'anything' });
    expect(tavily.status).toBe(401);
    expect(JSON.stringify(tavily.body)).toContain(HINT);
    const exa = await post('/exa/search', bearer(), { query: 'anything' });
    expect(exa.status).toBe(401);
    expect(JSON.stringify(exa.body)).toContain(HINT);
  });

  it('Jina Reader, the OpenAI-style chat and MCP too', async () => {
    const jina = await h.t.quarry.app.inject({ method: 'GET', url: `/r/${h.site.url}/html/basic`, headers: { ...bearer(), accept: 'application/json' } });
    expect(jina.statusCode).toBe(401);
    expect(jina.body).toContain(HINT);
    const chat = await post('/api/v1/chat/completions', bearer(), { model: 'quarry-chat', messages: [{ role: 'user', content: 'hi' }] });
    expect(chat).toEqual({
      status: 401,
      body: { error: expect.objectContaining({ message: `Invalid or inactive API key. ${HINT}`, code: 'invalid_api_key' }) },
    });
    const mcp = await post('/mcp', { ...bearer(), accept: 'application/json, text/event-stream' }, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(mcp).toEqual({ status: 401, body: { detail: 'Invalid or inactive API key.', hint: HINT } });
  });
});
