/**
 * The tools' descriptions state the configured prices: `tools/list` on `/mcp` follows
 * `PRICE_SEARCH_SOURCE` and `PRICE_SCRAPE`; over stdio (no server configuration) the defaults, said to be.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { DEFAULT_PRICES_NOTE, DEFAULT_TOOL_PRICES } from './tool-prices.js';
import { toolDefinitions } from './tools.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function listedDescriptions(env: Record<string, string>): Promise<Record<string, string>> {
  const t = await startTestApp(env);
  apps.push(t);
  const customer = await t.customer(1);
  const res = await t.quarry.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'x-api-key': customer.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  expect(res.statusCode).toBe(200);
  const tools = (res.json() as { result: { tools: { name: string; description: string }[] } }).result.tools;
  return Object.fromEntries(tools.map((tool) => [tool.name, tool.description]));
}

describe('MCP tool prices', () => {
  it('lists the prices the configuration sets', async () => {
    const defaults = await listedDescriptions({});
    expect(defaults.search).toContain('Costs 1 credit per source.');
    expect(defaults.scrape).toContain('Costs 1 credit (2 when a browser was needed).');
    expect(defaults.map).toContain('Costs 1 credit, 2 when the site has a sitemap.');

    const priced = await listedDescriptions({ PRICE_SEARCH_SOURCE: '3', PRICE_SCRAPE: '2', PRICE_SCRAPE_BROWSER: '5' });
    expect(priced.search).toContain('Costs 3 credits per source.');
    expect(priced.scrape).toContain('Costs 2 credits (7 when a browser was needed).');
    expect(priced.map).toContain('Costs 2 credits, 4 when the site has a sitemap.');
  });

  it("offers answer only with a chat model, priced at the default model's tokens", async () => {
    expect((await listedDescriptions({})).answer).toBeUndefined();
    const withChat = await listedDescriptions({
      CHAT_UPSTREAM_URL: 'http://127.0.0.1:9/v1',
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      PRICE_CHAT_PROMPT_PER_1K: '3',
      PRICE_CHAT_COMPLETION_PER_1K: '2',
      PRICE_SCRAPE: '2',
    });
    expect(withChat.answer).toContain(
      "Costs 1 credit per source searched, 2 credits per page read (5 by default), and the model's tokens (3 per 1,000 prompt tokens, 2 per 1,000 completion tokens); nothing when no answer comes.",
    );
  });

  it('over stdio, states the default prices and says they are the defaults', () => {
    const search = toolDefinitions(DEFAULT_TOOL_PRICES, DEFAULT_PRICES_NOTE).find((tool) => tool.name === 'search')!;
    expect(search.description).toContain("Costs 1 credit per source at Quarry's default prices (the server may set others).");
  });
});
