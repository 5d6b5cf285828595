/**
 * Issue 25, findings 1 and 10: every option of the drop-in surfaces that multiplies work has a
 * maximum, and a hostile query gets the same limits on every surface that searches.
 *
 * Finding 1: `POST /exa/contents` with `highlights: {numSentences: 1000000, highlightsPerUrl: 1000000}`
 * on a page of 26 000 sentences built one highlight per sentence, each running to the end of the
 * text, on the main thread: the process died out of memory (at 12 000 sentences: a 20 s stall,
 * 2.8 GB, a 500 and a credit charged).
 * Finding 10: Firecrawl's search skipped the query limits: 301 `OR` clauses answered 200 and
 * charged, 300 `-word` terms answered 500.
 *
 * Everything runs against the real server over loopback; the pages come from a loopback site, and
 * the local index holds only that site's pages, so nothing here reaches another host.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HIGHLIGHT_CHARACTERS, MAX_HIGHLIGHT_SENTENCES, MAX_HIGHLIGHTS_PER_URL } from '../../src/compat/exa/highlights.js';
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore } from '../../src/local-index/store.js';
import { MAX_QUERY_CLAUSES, MAX_QUERY_NEGATIONS } from '../../src/search/query-limits.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startSentenceSite, type SentenceSite } from '../support/sentence-site.js';
import { expectServerStayedResponsive, measureUnderAttack } from '../support/under-attack.js';

type Customer = Awaited<ReturnType<TestApp['customer']>>;
interface Answer {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each surface has its own shape
}

const RIVER_PAGES = 4;
const ATTACK_OPTIONS = { numSentences: 1_000_000, highlightsPerUrl: 1_000_000 };
/** 301 `OR` clauses (two-letter words, to stay within the 2048 characters of a query), and 300 `-word` terms: the queries of finding 10. */
const twoLetters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
const OR_QUERY = Array.from({ length: 302 }, (_, i) => twoLetters(i)).join(' OR ');
const NEGATION_QUERY = `river ${Array.from({ length: 300 }, (_, i) => `-w${i}x`).join(' ')}`;

let site: SentenceSite;
let t: TestApp;
let base: string;

beforeAll(async () => {
  site = await startSentenceSite();
  t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: site.host,
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
    PRICE_SCRAPE: '1',
    PRICE_SEARCH_SOURCE: '1',
    // Scrapes must not add the huge pages to the index behind the tests' back.
    INDEX_SCRAPES: 'off',
  });
  const indexer = createIndexer({ store: createIndexStore(t.quarry.db, t.quarry.dialect), now: () => new Date() });
  for (let n = 0; n < RIVER_PAGES; n++) {
    const url = `${site.url}/river/${n}`;
    await indexer.indexHtml(await (await fetch(url)).text(), url, 'import');
  }
  base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  // One ordinary call of each kind first: the worker threads and the routes' first use are not what is measured.
  const warmUp = await t.customer(100);
  await exa('/exa/contents', warmUp.key, { urls: [`${site.url}/river/0`], highlights: true });
  await exa('/exa/search', warmUp.key, { query: 'river' });
  await bearer('/v2/search', warmUp.key, { query: 'river' });
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function send(path: string, init: { method?: string; headers: Record<string, string>; body?: unknown }): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (Jina's answers): kept as is.
  }
  return { status: res.status, body };
}

const exa = (path: string, key: string, body: unknown) => send(path, { headers: { 'x-api-key': key }, body });
const bearer = (path: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
  send(path, { headers: { authorization: `Bearer ${key}`, ...headers }, body });
const balance = (id: number) => t.quarry.services.ledger.balance(id);

async function mcpCall(key: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const client = new Client({ name: 'surface-bounds', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'X-API-KEY': key } } }));
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

describe('finding 1: Exa highlights of a 26,000-sentence page', () => {
  it('refuses the attack of the issue with an Exa 400 naming the field, charges nothing, and the server stays responsive', async () => {
    const attacker = await t.customer(100);
    const report = await measureUnderAttack(base, () =>
      Promise.all([
        exa('/exa/contents', attacker.key, { urls: [`${site.url}/sentences/1`], highlights: ATTACK_OPTIONS }),
        exa('/exa/search', attacker.key, { query: 'river', contents: { text: true, highlights: ATTACK_OPTIONS } }),
        exa('/exa/search', attacker.key, { query: 'river', contents: { highlights: { highlightsPerUrl: 1_000_000 } } }),
      ]),
    );
    expectServerStayedResponsive(report);
    const [contents, search, perUrl] = report.result;
    for (const answer of [contents, search]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ requestId: expect.any(String), error: expect.stringMatching(/highlights\.numSentences/), tag: 'INVALID_REQUEST_BODY' });
    }
    expect(perUrl.status).toBe(400);
    expect(perUrl.body.error).toMatch(/contents\.highlights\.highlightsPerUrl/);
    expect(await balance(attacker.id)).toBe(100);
  }, 60_000);

  it('answers the largest highlights a client may ask of four such pages, bounded, while the server stays responsive', async () => {
    const client = await t.customer(100);
    const urls = [2, 3, 4, 5].map((n) => `${site.url}/sentences/${n}`);
    const report = await measureUnderAttack(base, () =>
      exa('/exa/contents', client.key, {
        urls,
        livecrawl: 'always',
        highlights: { query: 'river runs', numSentences: MAX_HIGHLIGHT_SENTENCES, highlightsPerUrl: MAX_HIGHLIGHTS_PER_URL },
      }),
    );
    expectServerStayedResponsive(report);
    const { status, body } = report.result;
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.results).toHaveLength(urls.length);
    for (const result of body.results as { highlights: string[] }[]) {
      expect(result.highlights).toHaveLength(MAX_HIGHLIGHTS_PER_URL);
      expect(result.highlights[0]).toMatch(/^River \d+ runs\./);
      for (const highlight of result.highlights) {
        expect(highlight.length).toBeLessThanOrEqual(MAX_HIGHLIGHT_CHARACTERS);
        expect(highlight.split('. ').length).toBeLessThanOrEqual(MAX_HIGHLIGHT_SENTENCES);
      }
    }
    // One scrape per page, as any read.
    expect(await balance(client.id)).toBe(100 - urls.length);
  }, 60_000);
});

describe('finding 10: hostile queries on every surface that searches', () => {
  it('Firecrawl search refuses 301 OR clauses and 300 exclusions with its 400, charges nothing, and search stays up for others', async () => {
    const attacker = await t.customer(100);
    const report = await measureUnderAttack(base, () =>
      Promise.all(
        [OR_QUERY, NEGATION_QUERY].flatMap((query) => [
          bearer('/v2/search', attacker.key, { query }),
          bearer('/v1/search', attacker.key, { query }),
          bearer('/v2/search', attacker.key, { query, sources: ['web', 'news'], scrapeOptions: { formats: ['markdown'] } }),
        ]),
      ),
    );
    expectServerStayedResponsive(report);
    report.result.forEach((answer, index) => {
      const limit = index < 3 ? `at most ${MAX_QUERY_CLAUSES}` : `at most ${MAX_QUERY_NEGATIONS}`;
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'BAD_REQUEST', error: expect.stringContaining(`query: A query may`) });
      expect(answer.body.error).toContain(limit);
    });
    expect(await balance(attacker.id)).toBe(100);

    const victim = await t.customer(10);
    const ok = await bearer('/v2/search', victim.key, { query: 'river delta' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.web.length).toBeGreaterThan(0);
  }, 60_000);

  it('Tavily, Exa, Jina and MCP refuse the same queries in their own error shapes and charge nothing', async () => {
    const attacker = await t.customer(100);
    for (const query of [OR_QUERY, NEGATION_QUERY]) {
      const tavily = await bearer('/tavily/search', attacker.key, { query });
      expect(tavily.status).toBe(400);
      expect(tavily.body).toEqual({ detail: { error: expect.stringContaining('A query may') } });

      const exaSearch = await exa('/exa/search', attacker.key, { query });
      expect(exaSearch.status).toBe(400);
      expect(exaSearch.body).toEqual({ requestId: expect.any(String), error: expect.stringContaining('A query may'), tag: 'INVALID_REQUEST_BODY' });

      const jina = await bearer('/s/', attacker.key, { q: query }, { accept: 'application/json', 'x-respond-with': 'no-content' });
      expect(jina.status).toBe(400);
      expect(jina.body).toMatchObject({ data: null, code: 400, message: expect.stringContaining('A query may') });

      const mcp = await mcpCall(attacker.key, 'search', { query });
      expect(mcp.isError).toBe(true);
      expect((mcp.content[0] as { text: string }).text).toContain('A query may');
    }
    expect(await balance(attacker.id)).toBe(100);
  }, 60_000);
});

/** Integers a client might send, from ordinary to absurd, and fractions. */
const anyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 5, 20, 21, 100, 101, 5000, 5001, 600_000, 600_001, 1e6, 2 ** 31, 2 ** 53, 1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const domains = fc.array(fc.constantFrom('127.0.0.1', 'example.com', 'docs.example.org'), { maxLength: 120 });
const riverUrl = fc.integer({ min: 0, max: RIVER_PAGES - 1 }).map((n) => `${site.url}/river/${n}`);
const some = <T>(record: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(record, { requiredKeys: [] });

/** Each surface's numeric and array options, and the shape its refusals must have. */
function surfaceCases(): { name: string; run: fc.Arbitrary<(key: string) => Promise<Answer>>; refusal: (body: Answer['body']) => boolean }[] {
  const exaShape = (body: Answer['body']) => typeof body?.error === 'string' && typeof body?.tag === 'string';
  const tavilyShape = (body: Answer['body']) => typeof body?.detail?.error === 'string';
  const firecrawlShape = (body: Answer['body']) => body?.success === false && typeof body?.error === 'string';
  const jinaShape = (body: Answer['body']) => body?.data === null && typeof body?.message === 'string';
  const highlights = some({ numSentences: anyNumber, highlightsPerUrl: anyNumber, maxCharacters: anyNumber });
  return [
    {
      name: 'exa contents',
      run: fc
        .record({
          urls: fc.array(riverUrl, { minLength: 0, maxLength: 3 }),
          highlights: fc.oneof(fc.boolean(), highlights),
          text: fc.oneof(fc.boolean(), some({ maxCharacters: anyNumber })),
          livecrawlTimeout: anyNumber,
        })
        .map((body) => (key: string) => exa('/exa/contents', key, body)),
      refusal: exaShape,
    },
    {
      // No `contents.text`: the hits would be scraped, and only the loopback site may be.
      name: 'exa search',
      run: some({ numResults: anyNumber, includeDomains: domains, excludeDomains: domains, contents: fc.record({ highlights }) }).map(
        (options) => (key: string) => exa('/exa/search', key, { query: 'river', ...options }),
      ),
      refusal: exaShape,
    },
    {
      name: 'tavily search',
      run: some({ max_results: anyNumber, days: anyNumber, timeout: anyNumber, include_domains: domains, exclude_domains: domains }).map(
        (options) => (key: string) => bearer('/tavily/search', key, { query: 'river', ...options }),
      ),
      refusal: tavilyShape,
    },
    {
      name: 'tavily extract',
      run: some({ urls: fc.array(riverUrl, { maxLength: 25 }), timeout: anyNumber }).map(
        (options) => (key: string) => bearer('/tavily/extract', key, { urls: `${site.url}/river/0`, ...options }),
      ),
      refusal: tavilyShape,
    },
    {
      name: 'jina search',
      run: some({ count: anyNumber, num: anyNumber }).map(
        (options) => (key: string) => bearer('/s/', key, { q: 'river', ...options }, { accept: 'application/json', 'x-respond-with': 'no-content' }),
      ),
      refusal: jinaShape,
    },
    {
      name: 'jina search (query string)',
      run: fc
        .record({ count: anyNumber, sites: fc.array(fc.constantFrom('127.0.0.1', 'example.com'), { maxLength: 40 }) })
        .map(({ count, sites }) => (key: string) => {
          const query = new URLSearchParams({ count: String(count) });
          for (const s of sites) query.append('site', s);
          return send(`/s/river?${query}`, {
            method: 'GET',
            headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'x-respond-with': 'no-content' },
          });
        }),
      refusal: jinaShape,
    },
    {
      name: 'firecrawl search',
      run: some({
        limit: anyNumber,
        timeout: anyNumber,
        sources: fc.array(fc.constantFrom('web', 'news', 'images'), { maxLength: 5 }),
      }).map((options) => (key: string) => bearer('/v2/search', key, { query: 'river', ...options })),
      refusal: firecrawlShape,
    },
    {
      name: 'firecrawl map',
      run: some({ limit: anyNumber, timeout: anyNumber }).map((options) => (key: string) => bearer('/v2/map', key, { url: `${site.url}/river/1`, ...options })),
      refusal: firecrawlShape,
    },
  ];
}

describe("no value of the surfaces' numeric and array options answers 500", () => {
  for (const { name, run, refusal } of [...surfaceCases()]) {
    it(
      name,
      async () => {
        const customer = await t.customer(1_000_000);
        await fc.assert(
          fc.asyncProperty(run, async (request) => {
            const { status, body } = await request(customer.key);
            expect(status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
            if (status >= 400) expect(refusal(body), JSON.stringify(body).slice(0, 300)).toBe(true);
          }),
          { numRuns: 30 },
        );
      },
      120_000,
    );
  }

  it('mcp search and map', async () => {
    const customer: Customer = await t.customer(1_000_000);
    const tool = fc.oneof(
      some({ limit: anyNumber, sources: fc.array(fc.constantFrom('web', 'news', 'images', 'places'), { maxLength: 6 }) }).map((args) => ({
        name: 'search',
        args: { query: 'river', ...args },
      })),
      some({ limit: anyNumber }).map((args) => ({ name: 'map', args: { url: `${site.url}/river/2`, ...args } })),
    );
    await fc.assert(
      fc.asyncProperty(tool, async ({ name, args }) => {
        const result = await mcpCall(customer.key, name, args);
        // A refusal is a tool error with a message; never a protocol error or a server failure.
        expect(result.content[0]).toMatchObject({ type: 'text', text: expect.any(String) });
        if (result.isError) expect((result.content[0] as { text: string }).text).not.toMatch(/something went wrong|internal/i);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
