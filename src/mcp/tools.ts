/**
 * The MCP tools: `search`, `scrape`, `map` and `credits`. Each is a call of Quarry's REST API with
 * the client's key, so input is validated by the REST endpoint's own schema and a refusal carries
 * the REST API's message (as an MCP tool error, `isError: true`). Results are readable text for
 * the model, with the REST answer alongside as `structuredContent`.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CompatError, restErrorMessage } from '../compat/compat-error.js';
import type { QuarryRest, RestAnswer } from '../compat/quarry-rest.js';

import { MAX_URL_LENGTH, SCRAPE_FORMATS } from '../scrape/schemas.js';
import { VERTICALS } from '../search/verticals.js';
import { MAP_DEFAULT_LIMIT, MAP_MAX_LIMIT, mapSite } from './map-site.js';
import { creditsText, scrapeText, searchText } from './tool-text.js';

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: TSchema;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'search',
    title: 'Web search',
    description:
      'Search the web (and news, images, places, shopping, videos, scholar, patents, autocomplete) with Quarry. ' +
      'The query understands quotes, -word, site:, filetype:, inurl:, intitle: and OR. Costs 1 credit per source.',
    inputSchema: Type.Object({
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
    }),
  },
  {
    name: 'scrape',
    title: 'Read a web page',
    description:
      'Fetch a page (rendering JavaScript when needed) and return its main content as clean Markdown, plain text or structured JSON. Costs 1 credit (2 when a browser was needed).',
    inputSchema: Type.Object({
      url: Type.String({ maxLength: MAX_URL_LENGTH, description: 'fully qualified http:// or https:// URL' }),
      formats: Type.Optional(
        Type.Array(Type.Union(SCRAPE_FORMATS.map((f) => Type.Literal(f))), {
          minItems: 1,
          maxItems: SCRAPE_FORMATS.length,
          uniqueItems: true,
          description: 'default ["markdown"]',
        }),
      ),
    }),
  },
  {
    name: 'map',
    title: 'List the pages of a site',
    description:
      'List the URLs of a site from its sitemap.xml and the links of the given page (same host only). Costs 1 credit, 2 when the site has a sitemap.',
    inputSchema: Type.Object({
      url: Type.String({ maxLength: MAX_URL_LENGTH, description: 'a page of the site, usually its home page' }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAP_MAX_LIMIT, description: `most URLs returned, default ${MAP_DEFAULT_LIMIT}` })),
    }),
  },
  {
    name: 'credits',
    title: 'Credit balance',
    description: 'The remaining Quarry credits of the account that owns the API key. Free.',
    inputSchema: Type.Object({}),
  },
];

function success(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function fromRest(answer: RestAnswer, render: (body: Record<string, unknown>) => string): CallToolResult {
  if (answer.status !== 200) return failure(restErrorMessage(answer));
  const body = answer.body as Record<string, unknown>;
  return success(render(body), body);
}

/** Runs one tool; every refusal or failure comes back as a tool error, never as a thrown error. */
export async function callTool(rest: QuarryRest, apiKey: string, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  try {
    switch (name) {
      case 'search':
        return fromRest(await rest.post('/api/v1/search', apiKey, args), searchText);
      case 'scrape':
        return fromRest(await rest.post('/api/v1/scrape/', apiKey, { formats: ['markdown'], ...args }), scrapeText);
      case 'credits':
        return fromRest(await rest.get('/api/v1/account/credits/', apiKey), creditsText);
      case 'map': {
        const { url, limit } = args;
        if (typeof url !== 'string') return failure('url: This field is required.');
        if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAP_MAX_LIMIT)) {
          return failure(`limit: Ensure this value is a whole number from 1 to ${MAP_MAX_LIMIT}.`);
        }
        const site = await mapSite(rest, apiKey, url, (limit as number | undefined) ?? MAP_DEFAULT_LIMIT);
        return success(site.links.join('\n'), { url: site.url, links: site.links });
      }
      default:
        return failure(`Unknown tool: ${name}`);
    }
  } catch (error) {
    if (error instanceof CompatError) return failure(error.message);
    throw error;
  }
}
