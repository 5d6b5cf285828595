/**
 * The tools of `/mcp` over Quarry's use cases, in process: the key was checked at the route;
 * each tool call is throttled once and runs as ONE metered operation (one hold, or one charge for
 * a cache hit) at the price, with the cache entry and on the ledger endpoint of the REST call it
 * stands for (`search`, `scrape`; the map, which has no REST twin, on `mcp/map`). An answer meters
 * itself, as `POST /api/v1/answer` does (ledger endpoint `answer`): throttled here, then held and
 * charged by the answer use case.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANSWER_LIMITS, NoAnswerError } from '../answer/index.js';
import { ChatNotConfiguredError, UpstreamError, upstreamErrorStatus } from '../chat/index.js';
import { type AgentOps, CompatError, domainFailure } from '../compat/index.js';
import type { Ledger } from '../credits/index.js';
import { parseScrapeRequest, scrapeAnswer } from '../scrape/index.js';
import { checkSearchFields, CombinedSearchRequest, resolveCombinedRequest } from '../search/index.js';
import { renderCombined } from '../search/rest/index.js';
import type { AnswerInput, AnswerUseCase } from '../use-cases/answer.js';
import { COMBINED_SEARCH_ENDPOINT, type CombinedSearch } from '../use-cases/combined-search.js';
import { mapUrl, type MapUseCase } from '../use-cases/map.js';
import { SCRAPE_USE_CASE_ENDPOINT, type ScrapeUseCase } from '../use-cases/scrape.js';
import { toolAnswer, type McpBackend } from './backend.js';
import { checkedArgs } from './tool-input.js';
import { MAP_DEFAULT_LIMIT } from './tools.js';

/** The ledger's `endpoint` of the MCP `map` tool. */
export const MCP_MAP_ENDPOINT = 'mcp/map';

export interface InProcessDeps {
  readonly metering: AgentOps['metering'];
  readonly ledger: Pick<Ledger, 'balance'>;
  readonly search: CombinedSearch;
  readonly scrape: ScrapeUseCase;
  /** Priced per document read: the page, and the sitemap when the site has one. */
  readonly map: MapUseCase;
  /** Undefined when no chat model is configured: `answer` is then not listed, and refused when called. */
  readonly answers: AnswerUseCase | undefined;
  /** The app's clock: the search's relative dates are as of the moment of answering, as REST's. */
  readonly now: () => Date;
}

/** One POST to `/mcp`, whose key the route authenticated. */
export interface McpEdge {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly key: { readonly userId: number; readonly keyId: number };
}

type Work<T> = (signal: AbortSignal) => Promise<{ body: T; cost: number }>;

export function inProcessBackend(deps: InProcessDeps, edge: McpEdge): McpBackend {
  const { metering } = deps;
  const account = edge.key.userId;

  /** Throttled once, then metered once; domain errors come out as CompatError (the tool error's words). */
  async function meter<T>(endpoint: string, maxCost: number, work: Work<T>, known?: () => Promise<{ body: T; cost: number } | undefined>): Promise<T> {
    try {
      await metering.admit(edge.reply, edge.key);
      const caller = metering.callerOf(edge.request, edge.reply, edge.key);
      return (await metering.meter(caller, endpoint, maxCost, work, known)).body;
    } catch (error) {
      // A domain error (credits, throttle, a page that cannot be read) is the tool error's words.
      const known = domainFailure(error);
      throw known === undefined ? error : new CompatError(known.status, known.message, known.headers);
    }
  }

  return {
    async search(args) {
      // The REST body's own schema and checks: what the tool's looser one lets through (a country code's pattern…) is refused in REST's words.
      const body = checkedArgs<CombinedSearchRequest>(CombinedSearchRequest, { ...args });
      checkSearchFields(body, { field: 'query', text: body.query });
      // Before anything is held: sources no engine can answer are left out; when none can, a 503 and nothing charged.
      const input = await deps.search.answerable(resolveCombinedRequest(body));
      const served = await meter(
        COMBINED_SEARCH_ENDPOINT,
        deps.search.maxCost(input),
        (signal) => deps.search.step(account, input, signal),
        () => deps.search.stored(account, input),
      );
      // Counted once paid for, as the REST route does; the answer is the REST body.
      deps.search.count(account, input, served);
      return renderCombined(served, deps.now()) as unknown as Record<string, unknown>;
    },

    async scrape(args) {
      const formats = args.formats ?? ['markdown'];
      // Refused before anything is held, as the REST route does.
      const { sourceUrl } = parseScrapeRequest({ url: args.url, formats });
      const input = { url: args.url, formats };
      const { result, cached } = await meter(
        SCRAPE_USE_CASE_ENDPOINT,
        deps.scrape.maxCost,
        (signal) => deps.scrape.run(account, input, signal),
        () => deps.scrape.stored(input),
      );
      return scrapeAnswer(result, { cache: cached ? 'hit' : 'miss', source_url: sourceUrl });
    },

    async map(args) {
      const input = {
        url: mapUrl(args.url),
        sitemap: 'include' as const,
        includeSubdomains: false,
        ignoreQueryParameters: false,
        limit: args.limit ?? MAP_DEFAULT_LIMIT,
        // The tool's order and its refusal of a page that failed, as before the mapper was shared.
        sitemapFirst: true,
        pageMustSucceed: true,
      };
      const site = await meter(MCP_MAP_ENDPOINT, deps.map.maxCost, (signal) => deps.map.run(input, signal));
      return { url: site.url, links: site.links.map((link) => link.url) };
    },

    async answer(args) {
      if (deps.answers === undefined) throw new CompatError(503, new ChatNotConfiguredError().message);
      // The REST body's own checks (a country code's pattern, the query's limits), in REST's words.
      const { query, country, lang } = args;
      const asked = { query, sources: args.sources ?? ['web'], ...(country === undefined ? {} : { country }), ...(lang === undefined ? {} : { lang }) };
      const body = checkedArgs<CombinedSearchRequest>(CombinedSearchRequest, asked);
      checkSearchFields(body, { field: 'query', text: body.query });
      const { search } = resolveCombinedRequest(body);
      const input: AnswerInput = {
        question: query,
        sources: args.sources ?? ['web'],
        search,
        pages: args.limit ?? ANSWER_LIMITS.defaultPages,
        model: args.model,
      };
      try {
        await metering.admit(edge.reply, edge.key);
        return toolAnswer(await deps.answers.run(metering.callerOf(edge.request, edge.reply, edge.key), input));
      } catch (error) {
        throw answerFailure(error);
      }
    },

    // Free and not throttled, as `GET /api/v1/account/credits/` is.
    credits: async () => ({ credits_remaining: await deps.ledger.balance(account) }),
  };
}

/** Why an answer failed, in the words and status `POST /api/v1/answer` gives. */
function answerFailure(error: unknown): unknown {
  if (error instanceof NoAnswerError) return new CompatError(error.kind === 'no_results' ? 422 : 502, error.message);
  if (error instanceof UpstreamError) return new CompatError(upstreamErrorStatus(error), error.message);
  if (error instanceof ChatNotConfiguredError) return new CompatError(503, error.message);
  const known = domainFailure(error);
  return known === undefined ? error : new CompatError(known.status, known.message, known.headers);
}
