/**
 * The MCP `answer` tool through the official MCP client, over Streamable HTTP (`/mcp`, in process)
 * and over stdio (`npx quarry mcp`, calling `POST /api/v1/answer`): the question answered from the
 * answer site (local index + loopback pages) by the fake upstream, as Markdown with its numbered
 * sources and quotes, and as structured content; charged like the REST answer, nothing when the
 * model fails.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnswerHarness, type AnswerHarness } from '../../tests/support/answer-harness.js';
import { ANSWER_PAGES } from '../../tests/support/answer-site.js';

const QUARRY_BIN = join(import.meta.dirname, '../../bin/quarry.js');

let h: AnswerHarness;
beforeAll(async () => {
  h = await startAnswerHarness();
});
afterAll(async () => {
  await h?.close();
});

async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${h.baseUrl}/mcp`), { requestInit: { headers: { 'X-API-KEY': key } } }));
  return client;
}

async function stdioClient(key: string): Promise<Client> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      // This checkout's `quarry` bin (what `npx quarry` runs), not whichever one node_modules links to.
      command: process.execPath,
      args: [QUARRY_BIN, 'mcp'],
      cwd: process.cwd(),
      env: { ...getDefaultEnvironment(), QUARRY_URL: h.baseUrl, QUARRY_API_KEY: key },
      stderr: 'ignore',
    }),
  );
  return client;
}

const call = async (client: Client, args: Record<string, unknown>) => (await client.callTool({ name: 'answer', arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

interface Structured {
  answer: string;
  citations: Array<{ n: number; title: string; url: string; quote: string }>;
  sources: Array<{ n: number; title: string; url: string }>;
  warnings?: string[];
  usage: { search: number; pages: number; chat: number; credits_used: number; credits_remaining: number };
}

const QUESTION = 'Fresnel lens Cordouan 1823 and keepers trimming wicks';
const REPLY = 'Cordouan was the first, lit in 1823 [1]. Keepers trimmed wicks every four hours [2].';

function answerSuite(transportName: string, connect: (key: string) => Promise<Client>) {
  describe(`the answer tool over ${transportName}`, () => {
    let customer: { id: number; key: string };
    let client: Client;
    beforeAll(async () => {
      customer = await h.customer();
      client = await connect(customer.key);
    }, 60_000);
    afterAll(async () => client?.close());

    it('is listed with its input and what it costs', async () => {
      const { tools } = await client.listTools();
      const answer = tools.find((tool) => tool.name === 'answer')!;
      expect(answer.inputSchema.required).toEqual(['query']);
      expect(Object.keys(answer.inputSchema.properties ?? {})).toEqual(['query', 'limit', 'sources', 'country', 'lang', 'model']);
      expect(answer.description).toMatch(/Costs 1 credit per source searched, 1 credit per page read \(5 by default\), and the model's tokens/);
    });

    it('answers with the numbered sources and the quote of each cited one, charged like the REST answer', async () => {
      const before = await h.balance(customer.id);
      h.fake.setScenario({ kind: 'ok', reply: REPLY });
      const result = await call(client, { query: QUESTION, limit: 3 });
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as unknown as Structured;
      expect(structured.answer).toBe(REPLY);
      expect(structured.sources.map((source) => source.n)).toEqual(structured.sources.map((_, index) => index + 1));
      expect(structured.citations.map((citation) => citation.n)).toEqual([1, 2]);

      const shown = text(result);
      expect(shown.startsWith(`${REPLY}\n\n## Sources\n`)).toBe(true);
      for (const source of structured.sources) expect(shown).toContain(`[${source.n}] ${source.title} — ${source.url}`);
      for (const citation of structured.citations) {
        for (const line of citation.quote.split('\n').filter((text) => text !== '')) expect(shown).toContain(`    > ${line}`);
        // Each quote is a paragraph of the page it is cited from.
        const page = ANSWER_PAGES.find((candidate) => citation.url.endsWith(candidate.path))!;
        expect(page.paragraphs.some((paragraph) => citation.quote.includes(paragraph))).toBe(true);
      }

      expect(structured.usage.credits_used).toBe(structured.usage.search + structured.usage.pages + structured.usage.chat);
      expect(await h.balance(customer.id)).toBe(before - structured.usage.credits_used);
      expect(structured.usage.credits_remaining).toBe(before - structured.usage.credits_used);
    });

    it('charges nothing when the model fails, and says why as a tool error', async () => {
      const before = await h.balance(customer.id);
      h.fake.setScenario({ kind: 'status', status: 500 });
      const result = await call(client, { query: QUESTION });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^The chat upstream is unavailable/);
      expect(await h.balance(customer.id)).toBe(before);
    });

    it('refuses bad input and an unanswerable question as tool errors, charging nothing', async () => {
      const before = await h.balance(customer.id);
      const tooMany = await call(client, { query: QUESTION, limit: 11 });
      expect(tooMany.isError).toBe(true);
      expect(text(tooMany)).toMatch(/^limit: /);
      const nothing = await call(client, { query: 'zeppelin quasar marmalade' });
      expect(nothing.isError).toBe(true);
      expect(text(nothing)).toContain('found no page');
      expect(await h.balance(customer.id)).toBe(before);
    });
  });
}

answerSuite('Streamable HTTP', httpClient);
answerSuite('stdio (npx quarry mcp)', stdioClient);

describe('the answer tool and the ledger', () => {
  it("leaves every account's ledger clean (credits audit)", async () => {
    await h.expectAuditClean();
  });
});
