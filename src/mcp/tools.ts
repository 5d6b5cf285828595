/**
 * The MCP tools: `search`, `scrape`, `map`, `answer` and `credits`, the same definitions over HTTP and over
 * stdio (`/mcp` lists `answer` only when the server has a chat model). Each call is checked in process against the tool's input schema, then run by a backend
 * (backend.ts): Quarry's use cases in process for `/mcp`, or a Quarry server's REST API for
 * `quarry mcp`. A refusal comes back as an MCP tool error (`isError: true`) with the words Quarry's
 * REST API uses; results are readable text for the model, with the answer as `structuredContent`.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ANSWER_LIMITS, ANSWER_SOURCES } from '../answer/index.js';
import { CompatError, domainFailure } from '../compat/index.js';
import { MAX_URL_LENGTH, SCRAPE_FORMATS } from '../scrape/index.js';
import { VERTICALS } from '../search/index.js';
import type { AnswerArgs, McpBackend, MapArgs, ScrapeArgs, SearchArgs } from './backend.js';
import { checkedArgs } from './tool-input.js';
import { answerText, creditsText, scrapeText, searchText } from './tool-text.js';
import type { ToolPrices } from './tool-prices.js';

export const MAP_DEFAULT_LIMIT = 100;
export const MAP_MAX_LIMIT = 5000;

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: TSchema;
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

const SEARCH_INPUT = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 2048, description: 'the search query' }),
  sources: Type.Optional(
    Type.Array(Type.Union(VERTICALS.map((v) => Type.Literal(v))), {
      minItems: 1,
      maxItems: VERTICALS.length,
      uniqueItems: true,
      description: 'default ["web"]',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'results per source, default 10' })),
  country: Type.Optional(Type.String({ maxLength: 35, description: 'ISO 3166-1 alpha-2 country code, default "us"' })),
  lang: Type.Optional(Type.String({ maxLength: 35, description: 'language code, e.g. "en"' })),
  tbs: Type.Optional(
    Type.String({ maxLength: 200, description: 'time filter: qdr:h|d|w|m|y (e.g. qdr:w = past week), cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY' }),
  ),
});

const SCRAPE_INPUT = Type.Object({
  url: Type.String({ maxLength: MAX_URL_LENGTH, description: 'fully qualified http:// or https:// URL' }),
  formats: Type.Optional(
    Type.Array(Type.Union(SCRAPE_FORMATS.map((f) => Type.Literal(f))), {
      minItems: 1,
      maxItems: SCRAPE_FORMATS.length,
      uniqueItems: true,
      description: 'default ["markdown"]',
    }),
  ),
});

const MAP_INPUT = Type.Object({
  url: Type.String({ maxLength: MAX_URL_LENGTH, description: 'a page of the site, usually its home page' }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAP_MAX_LIMIT, description: `most URLs returned, default ${MAP_DEFAULT_LIMIT}` })),
});

const ANSWER_INPUT = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 2048, description: 'the question; also the search query' }),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: ANSWER_LIMITS.maxPages, description: `pages read to answer it, default ${ANSWER_LIMITS.defaultPages}` }),
  ),
  sources: Type.Optional(
    Type.Array(Type.Union(ANSWER_SOURCES.map((source) => Type.Literal(source))), {
      minItems: 1,
      maxItems: ANSWER_SOURCES.length,
      uniqueItems: true,
      description: 'where to search for pages to read, default ["web"]',
    }),
  ),
  country: Type.Optional(Type.String({ maxLength: 35, description: 'ISO 3166-1 alpha-2 country code, default "us"' })),
  lang: Type.Optional(Type.String({ maxLength: 35, description: 'language code, e.g. "en"' })),
  model: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "the chat model that writes the answer; default: the server's default model" }),
  ),
});

const CREDITS_INPUT = Type.Object({});

/** What an answer costs: the search, the pages read and the model's tokens. */
function answerPrice(prices: ToolPrices, priceNote: string): string {
  const tokens =
    prices.answerTokens === undefined
      ? "the model's tokens"
      : `the model's tokens (${prices.answerTokens.promptPer1k} per 1,000 prompt tokens, ${prices.answerTokens.completionPer1k} per 1,000 completion tokens)`;
  return (
    `Costs ${credits(prices.searchSource)} per source searched, ${credits(prices.scrape)} per page read (${ANSWER_LIMITS.defaultPages} by default), ` +
    `and ${tokens}${priceNote}; nothing when no answer comes.`
  );
}

/**
 * The tools with their prices in the descriptions; `priceNote` follows each price (e.g. that they
 * are the defaults). `answers`: whether `answer` is offered (a server without a chat model cannot).
 */
export function toolDefinitions(prices: ToolPrices, priceNote = '', answers = true): readonly ToolDefinition[] {
  const { searchSource, scrape, scrapeBrowser } = prices;
  const answer: ToolDefinition = {
    name: 'answer',
    title: 'Answer a question from the web',
    description:
      'Search the web, read the top pages and answer the question from them, citing each claim by [n]; ' +
      'returns the answer, then its numbered sources with the passage each cited source was quoted from. ' +
      answerPrice(prices, priceNote),
    inputSchema: ANSWER_INPUT,
  };
  return [
    {
      name: 'search',
      title: 'Web search',
      description:
        'Search the web (and news, images, places, shopping, videos, scholar, patents, autocomplete) with Quarry. ' +
        `The query understands quotes, -word, site:, filetype:, inurl:, intitle: and OR. Costs ${credits(searchSource)} per source${priceNote}.`,
      inputSchema: SEARCH_INPUT,
    },
    {
      name: 'scrape',
      title: 'Read a web page',
      description:
        'Fetch a page (rendering JavaScript when needed) and return its main content as clean Markdown, plain text or structured JSON. ' +
        `Costs ${credits(scrape)} (${scrape + scrapeBrowser} when a browser was needed)${priceNote}.`,
      inputSchema: SCRAPE_INPUT,
    },
    {
      name: 'map',
      title: 'List the pages of a site',
      description:
        'List the URLs of a site from its sitemaps and the links of the given page (same host only). ' +
        `Costs ${credits(scrape)}, ${2 * scrape} when the site has a sitemap${priceNote}.`,
      inputSchema: MAP_INPUT,
    },
    ...(answers ? [answer] : []),
    {
      name: 'credits',
      title: 'Credit balance',
      description: 'The remaining Quarry credits of the account that owns the API key. Free.',
      inputSchema: CREDITS_INPUT,
    },
  ];
}

/** `tools/list`'s answer: the definitions as plain JSON Schema. */
export function listedTools(definitions: readonly ToolDefinition[]) {
  return definitions.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as { type: 'object' },
  }));
}

function success(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

async function run(backend: McpBackend, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  switch (name) {
    case 'search': {
      const body = await backend.search(checkedArgs<SearchArgs>(SEARCH_INPUT, args));
      return success(searchText(body), body);
    }
    case 'scrape': {
      const body = await backend.scrape(checkedArgs<ScrapeArgs>(SCRAPE_INPUT, args));
      return success(scrapeText(body), body);
    }
    case 'map': {
      const site = await backend.map(checkedArgs<MapArgs>(MAP_INPUT, args));
      return success(site.links.join('\n'), { url: site.url, links: site.links });
    }
    case 'answer': {
      const answered = await backend.answer(checkedArgs<AnswerArgs>(ANSWER_INPUT, args));
      return success(answerText(answered), { ...answered });
    }
    case 'credits': {
      const body = await backend.credits();
      return success(creditsText(body), body);
    }
    default:
      return failure(`Unknown tool: ${name}`);
  }
}

/** Runs one tool; every refusal or failure of the operation comes back as a tool error, never as a thrown error. */
export async function callTool(backend: McpBackend, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  try {
    return await run(backend, name, args);
  } catch (error) {
    if (error instanceof CompatError) return failure(error.message);
    const known = domainFailure(error);
    if (known !== undefined) return failure(known.message);
    throw error;
  }
}
