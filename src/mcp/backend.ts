/**
 * What the MCP tools run against: search, scrape, map, answers and the balance, with checked arguments
 * and typed answers. A refusal is thrown as a CompatError (or a domain error) carrying the
 * message the client reads. Two implementations: Quarry's use cases in process (`/mcp`,
 * in-process-backend.ts) and a Quarry server's REST API over HTTP (`quarry mcp`, below).
 */
import { CompatError, restRefusal, type QuarryRest, type RestAnswer } from '../compat/index.js';
import type { AnswerSourceVertical, Citation } from '../answer/index.js';
import type { ScrapeFormat } from '../scrape/index.js';
import type { Vertical } from '../search/index.js';
import type { AnswerSource, AnswerUsage } from '../use-cases/answer.js';

export interface SearchArgs {
  readonly query: string;
  readonly sources?: Vertical[];
  readonly limit?: number;
  readonly country?: string;
  readonly lang?: string;
  readonly tbs?: string;
}

export interface ScrapeArgs {
  readonly url: string;
  readonly formats?: ScrapeFormat[];
}

export interface MapArgs {
  readonly url: string;
  readonly limit?: number;
}

export interface AnswerArgs {
  readonly query: string;
  /** Pages read, 1–10. */
  readonly limit?: number;
  readonly sources?: AnswerSourceVertical[];
  readonly country?: string;
  readonly lang?: string;
  readonly model?: string;
}

/** An answer as the tool gives it: `POST /api/v1/answer`'s `data` and `usage`. */
export interface ToolAnswer {
  readonly answer: string;
  readonly citations: Citation[];
  readonly sources: AnswerSource[];
  readonly warnings?: string[];
  readonly usage: AnswerUsage;
}

export interface SiteMap {
  /** The page the map started from, after redirects. */
  readonly url: string;
  readonly links: string[];
}

export interface McpBackend {
  /** The body `POST /api/v1/search` answers for these arguments. */
  search(args: SearchArgs): Promise<Record<string, unknown>>;
  /** The body `POST /api/v1/scrape/` answers (Markdown unless other formats are asked for). */
  scrape(args: ScrapeArgs): Promise<Record<string, unknown>>;
  map(args: MapArgs): Promise<SiteMap>;
  /** The question answered from the web with numbered sources, as `POST /api/v1/answer` answers it. */
  answer(args: AnswerArgs): Promise<ToolAnswer>;
  credits(): Promise<{ credits_remaining: number }>;
}

function body(answer: RestAnswer): Record<string, unknown> {
  if (answer.status !== 200) throw restRefusal(answer);
  return answer.body as Record<string, unknown>;
}

const MCP_ACCEPT = { accept: 'application/json, text/event-stream' };

/**
 * The tools over a Quarry server's REST API with the client's key. `map` has no REST endpoint of
 * its own: it is the server's MCP `map` tool, called over `/mcp`, so the mapper and its price are the server's.
 */
export function restBackend(rest: QuarryRest, apiKey: string): McpBackend {
  return {
    search: async (args) => body(await rest.post('/api/v1/search', apiKey, args)),
    scrape: async (args) => body(await rest.post('/api/v1/scrape/', apiKey, { formats: ['markdown'], ...args })),
    credits: async () => body(await rest.get('/api/v1/account/credits/', apiKey)) as { credits_remaining: number },
    async answer(args) {
      const answered = body(await rest.post('/api/v1/answer', apiKey, args)) as { data: Omit<ToolAnswer, 'usage'>; usage: ToolAnswer['usage'] };
      return toolAnswer({ ...answered.data, usage: answered.usage });
    },
    async map(args) {
      const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'map', arguments: args } };
      const answer = await rest.post('/mcp', apiKey, call, MCP_ACCEPT);
      if (answer.status === 404) throw new CompatError(503, 'map needs the MCP endpoint of the Quarry server (MCP_ENABLED).');
      const reply = body(answer) as { result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: SiteMap } };
      const result = reply.result;
      if (result?.structuredContent === undefined || result.isError) throw new CompatError(502, result?.content?.[0]?.text ?? 'The map failed.');
      return result.structuredContent;
    },
  };
}

/** The tool's answer from REST's `data` and `usage` (or the use case's answer), without the search parameters. */
export function toolAnswer(answer: ToolAnswer): ToolAnswer {
  const { warnings } = answer;
  return {
    answer: answer.answer,
    citations: answer.citations,
    sources: answer.sources,
    ...(warnings === undefined || warnings.length === 0 ? {} : { warnings }),
    usage: answer.usage,
  };
}
