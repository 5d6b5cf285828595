/**
 * The MCP server through the official MCP client: every tool listed and called over Streamable
 * HTTP (`/mcp`) and over stdio (`npx quarry mcp` as a child process calling Quarry over HTTP),
 * each call debiting the balance, errors as tool errors with the REST API's message.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatHarness, type CompatHarness } from '../../tests/support/compat-harness.js';
import { startSitemapSite, type SitemapSite } from '../../tests/support/sitemap-site.js';

const QUARRY_BIN = join(import.meta.dirname, '../../bin/quarry.js');

type Customer = Awaited<ReturnType<CompatHarness['t']['customer']>>;

let h: CompatHarness;
let sitemapSite: SitemapSite;

beforeAll(async () => {
  sitemapSite = await startSitemapSite();
  h = await startCompatHarness({}, { allowedHosts: [sitemapSite.host] });
});
afterAll(async () => {
  await h?.close();
  await sitemapSite?.close();
});

async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${h.baseUrl}/mcp`), { requestInit: { headers: { 'X-API-KEY': key } } }));
  return client;
}

async function stdioClient(key: string, quarryUrl = h.baseUrl): Promise<Client> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    // This checkout's `quarry` bin (what `npx quarry` runs), not whichever one node_modules links to.
    command: process.execPath,
    args: [QUARRY_BIN, 'mcp'],
    cwd: process.cwd(),
    env: { ...getDefaultEnvironment(), QUARRY_URL: quarryUrl, QUARRY_API_KEY: key },
    stderr: 'ignore',
  });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** The message the REST API gives for the same body, to compare with the tool error. */
async function restMessage(path: string, key: string, body: unknown): Promise<string> {
  const res = await h.t.quarry.app.inject({
    method: 'POST',
    url: path,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  const parsed = res.json() as Record<string, unknown>;
  if (typeof parsed.detail === 'string') return parsed.detail;
  if (typeof parsed.error === 'string') return parsed.error;
  return Object.entries(parsed)
    .map(([field, messages]) => `${field}: ${[messages].flat().join(' ')}`)
    .join('; ');
}

/** `tools`: what the transport lists; `answer` over `/mcp` only when the server has a chat model (this one has none), always over stdio (which cannot know). */
function toolSuite(transportName: string, connect: (key: string) => Promise<Client>, listed: readonly string[]) {
  describe(`MCP tools over ${transportName}`, () => {
    let customer: Customer;
    let client: Client;

    beforeAll(async () => {
      customer = await h.t.customer(50);
      client = await connect(customer.key);
    }, 60_000);
    afterAll(async () => client?.close());

    it('lists every tool with a JSON-schema input', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(listed);
      for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
      expect(tools[0]!.inputSchema.required).toEqual(['query']);
      expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(['query', 'sources', 'limit', 'country', 'lang', 'tbs']);
    });

    it('calls search, scrape, map and credits, each metered', async () => {
      let before = await h.balance(customer.id);
      const search = await call(client, 'search', { query: 'fixture', limit: 2 });
      expect(search.isError).toBeFalsy();
      expect(text(search)).toContain(h.site.url);
      expect((search.structuredContent as { data: { web: unknown[] } }).data.web.length).toBeLessThanOrEqual(2);
      expect(await h.balance(customer.id)).toBe(before - 1);

      before = await h.balance(customer.id);
      const scrape = await call(client, 'scrape', { url: `${h.site.url}/html/basic` });
      expect(scrape.isError).toBeFalsy();
      expect(text(scrape)).toContain('Hello from the fixture site.');
      expect(await h.balance(customer.id)).toBe(before - 1);

      before = await h.balance(customer.id);
      const map = await call(client, 'map', { url: `${h.site.url}/` });
      expect(map.isError).toBeFalsy();
      const links = (map.structuredContent as { links: string[] }).links;
      expect(links).toContain(`${h.site.url}/html/basic`);
      expect(links.every((link) => link.startsWith(h.site.url))).toBe(true);
      // The page is one scrape; the fixture site has no sitemap, and a 404 costs nothing.
      expect(await h.balance(customer.id)).toBe(before - 1);

      const credits = await call(client, 'credits');
      expect(credits.structuredContent).toEqual({ credits_remaining: await h.balance(customer.id) });
      expect(text(credits)).toBe(`${await h.balance(customer.id)} credits remaining`);
    });

    it("maps a site from its sitemap and the page's links, same host only, for two scrapes", async () => {
      const before = await h.balance(customer.id);
      const map = await call(client, 'map', { url: `${sitemapSite.url}/` });
      expect(map.isError).toBeFalsy();
      const base = sitemapSite.url;
      expect((map.structuredContent as { links: string[] }).links).toEqual([`${base}/`, `${base}/docs/one`, `${base}/docs/two`, `${base}/about`]);
      expect(text(map)).toBe([`${base}/`, `${base}/docs/one`, `${base}/docs/two`, `${base}/about`].join('\n'));
      expect(await h.balance(customer.id)).toBe(before - 2);
      const limited = await call(client, 'map', { url: `${sitemapSite.url}/`, limit: 2 });
      expect((limited.structuredContent as { links: string[] }).links).toHaveLength(2);
    });

    it("answers bad input as a tool error with the REST API's message, charging nothing", async () => {
      const before = await h.balance(customer.id);
      const badSearch = await call(client, 'search', { query: 'fixture', tbs: 'qdr:x' });
      expect(badSearch.isError).toBe(true);
      expect(text(badSearch)).toBe(await restMessage('/api/v1/search', customer.key, { query: 'fixture', tbs: 'qdr:x' }));
      const badScrape = await call(client, 'scrape', { url: 'ftp://example.com/', formats: ['markdown'] });
      expect(badScrape.isError).toBe(true);
      expect(text(badScrape)).toBe(await restMessage('/api/v1/scrape/', customer.key, { url: 'ftp://example.com/', formats: ['markdown'] }));
      const failedPage = await call(client, 'scrape', { url: `${h.site.url}/status/404` });
      expect(failedPage.isError).toBe(true);
      expect(text(failedPage)).toMatch(/404/);
      expect((await call(client, 'map', {})).isError).toBe(true);
      expect(await h.balance(customer.id)).toBe(before);
    });
  });
}

toolSuite('Streamable HTTP', httpClient, ['search', 'scrape', 'map', 'credits']);
toolSuite('stdio (npx quarry mcp)', stdioClient, ['search', 'scrape', 'map', 'answer', 'credits']);

describe('MCP access control', () => {
  it('refuses a revoked key: HTTP 401 before the exchange, a tool error over stdio', async () => {
    const customer = await h.t.customer(10);
    await h.revokeKey(customer.access, customer.keyId);
    const failure = await httpClient(customer.key).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamableHTTPError);
    expect((failure as StreamableHTTPError).code).toBe(401);
    expect((failure as Error).message).toContain('Invalid or inactive API key.');

    const overStdio = await stdioClient(customer.key);
    try {
      const result = await call(overStdio, 'search', { query: 'fixture' });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Invalid or inactive API key.');
    } finally {
      await overStdio.close();
    }
    expect(await h.balance(customer.id)).toBe(10);
  }, 60_000);

  it('over stdio, tells the model when Quarry cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = await stdioClient('qk_whatever', `http://127.0.0.1:${port}`);
    try {
      const result = await call(client, 'credits');
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(new RegExp(`^Quarry at http://127\\.0\\.0\\.1:${port} could not be reached: .*ECONNREFUSED`));
    } finally {
      await client.close();
    }
  }, 60_000);

  it('takes the key as Authorization: Bearer too', async () => {
    const customer = await h.t.customer(5);
    const client = new Client({ name: 'quarry-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${h.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${customer.key}` } } }),
    );
    expect(await call(client, 'credits')).toMatchObject({ structuredContent: { credits_remaining: 5 } });
    await client.close();
  });

  it('refuses foreign Host and Origin headers (DNS rebinding) and has no GET stream', async () => {
    const customer = await h.t.customer(5);
    const post = (headers: Record<string, string>) =>
      h.t.quarry.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'x-api-key': customer.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const evil = await post({ host: 'evil.example:8000' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Invalid Host header: evil.example:8000' }, id: null });
    expect((await post({ host: 'localhost:8000', origin: 'http://evil.example' })).statusCode).toBe(403);
    // The whole origin counts: another port or an extension named "localhost" is not Quarry's page.
    expect((await post({ host: 'localhost:8000', origin: 'http://localhost:6666' })).statusCode).toBe(403);
    expect((await post({ host: 'localhost:8000', origin: 'chrome-extension://localhost' })).statusCode).toBe(403);
    const ok = await post({ host: 'localhost:8000', origin: 'http://localhost:8000' });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { result: { tools: unknown[] } }).result.tools).toHaveLength(4);

    const get = await h.t.quarry.app.inject({ method: 'GET', url: '/mcp', headers: { host: 'localhost' } });
    expect(get.statusCode).toBe(405);
  });

  it('documents every drop-in surface and /mcp in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${h.baseUrl}/api/v1/schema/?format=json`)).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const path of ['/tavily/search', '/tavily/extract', '/exa/search', '/exa/contents', '/r/{*}', '/r/', '/s/{*}', '/s/', '/mcp']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/mcp']!.post!.tags).toEqual(['mcp']);
    expect(doc.paths['/tavily/search']!.post!.tags).toEqual(['compat: Tavily']);
  });

  it("leaves every account's ledger clean (credits audit)", async () => {
    await h.expectAuditClean();
  });
});
