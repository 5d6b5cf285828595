/**
 * A question answered from the web with numbered sources, as one metered operation: search; read
 * the top pages in parallel, each within its time budget (through the scrape cache and its guard);
 * cut their main content into passages and rank them against the question; give the best, with the
 * number of their page, to the model; check its answer (src/answer/citations.ts).
 *
 * Metering: a hold of the search and the pages at their dearest, then, once the prompt is known, a
 * hold of the model's worst case. Both are settled together when the model answered, both
 * released when anything failed: no answer, no charge. `usage` says what each part cost.
 */
import {
  ANSWER_LIMITS,
  checkAnswer,
  choosePassages,
  cutPassages,
  keywordQuery,
  NoAnswerError,
  rankPassages,
  type AnswerSourceVertical,
  type Citation,
  type ReadPage,
} from '../answer/index.js';
import { ChatNotConfiguredError, type ChatService, type PreparedChat } from '../chat/index.js';
import { type Caller, InsufficientCreditsError, type Ledger, type MeteredDeps, openHold, type OpenHold } from '../credits/index.js';
import { answerMessages, type AnswerPromptSource } from '../prompts/index.js';
import type { ResolvedSearch } from '../search/index.js';
import type { CachedRunner } from '../cache/cached.js';
import type { Config } from '../config/index.js';
import type { ScrapeService } from '../scrape/index.js';
import { createCombinedSearch, type CombinedSearch, type CombinedSearchDeps, type CombinedSearchInput, type CombinedSearchResult } from './combined-search.js';
import { createScrapeUseCase } from './scrape.js';
import type { ScrapeUseCase } from './scrape.js';
import { itemsOf } from './search-results.js';

/** The ledger's `endpoint` of an answer (its search, pages and model tokens). */
export const ANSWER_ENDPOINT = 'answer';
export interface AnswerInput {
  readonly question: string;
  readonly sources: readonly AnswerSourceVertical[];
  /** The search as the combined search resolves it (`q` is the question). */
  readonly search: ResolvedSearch;
  /** Pages read, 1–10. */
  readonly pages: number;
  readonly model?: string | undefined;
  readonly maxTokens?: number | undefined;
}

/** A page given to the model, numbered as the model saw it. */
export interface AnswerSource {
  readonly n: number;
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  /** As the search engine showed it ("3 days ago", "2024-05-01"), when it did. */
  readonly date?: string;
}

export interface AnswerUsage {
  /** Credits of the search. */
  readonly search: number;
  /** Credits of the pages read. */
  readonly pages: number;
  /** Credits of the model's tokens. */
  readonly chat: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly credits_used: number;
  readonly credits_remaining: number;
}

export interface Answer {
  /** Markdown citing by `[n]`. */
  readonly answer: string;
  /** The sources the answer cites, by `n`. */
  readonly citations: Citation[];
  /** Every source given to the model, numbered 1..k without gaps (what `[n]` refers to). */
  readonly sources: AnswerSource[];
  readonly warnings: string[];
  /** The engine(s) that answered the search. */
  readonly engine: string;
  /** The search the pages were read from (the loosened one when the question's own words found nothing): surfaces that list results beside the answer (Tavily) list these, charged once as `usage.search`. */
  readonly searched: CombinedSearchResult;
  readonly model: string;
  readonly usage: AnswerUsage;
}

/** What a streamed answer sends after its sources. */
export type AnswerEvent = { readonly type: 'token'; readonly text: string } | { readonly type: 'done'; readonly answer: Answer };

export interface StreamedAnswer {
  /** Every source given to the model, known before the first token. */
  readonly sources: AnswerSource[];
  /** The answer's tokens, then its checked whole; must be read to the end (it settles the holds). Ends by throwing when the model failed mid-way. */
  readonly events: AsyncIterable<AnswerEvent>;
}

export interface AnswerUseCaseDeps {
  readonly search: CombinedSearch;
  readonly scrape: ScrapeUseCase;
  /** Undefined when no model is configured: answers are refused (503). */
  readonly chat: ChatService | undefined;
  readonly metering: MeteredDeps;
  /** Overrides of `ANSWER_LIMITS` (tests, benchmarks). */
  readonly pageTimeoutMs?: number;
}

/** What was read and chosen before the model is asked. */
interface Prepared {
  readonly sources: AnswerSource[];
  readonly given: AnswerPromptSource[];
  readonly warnings: string[];
  readonly engine: string;
  readonly searched: CombinedSearchResult;
  readonly searchCost: number;
  readonly pagesCost: number;
  readonly chat: PreparedChat;
}

export function createAnswerUseCase(deps: AnswerUseCaseDeps) {
  const pageTimeoutMs = deps.pageTimeoutMs ?? ANSWER_LIMITS.pageTimeoutMs;

  function chatService(): ChatService {
    if (deps.chat === undefined) throw new ChatNotConfiguredError();
    return deps.chat;
  }

  /** The search, the pages and the prompt, inside `hold`'s credits. */
  async function gather(caller: Caller, input: AnswerInput, searchInput: CombinedSearchInput, signal: AbortSignal): Promise<Prepared> {
    const chat = chatService();
    const account = caller.accountId;
    let found = await deps.search.step(account, searchInput, signal);
    let hits = pagesOf(found.body, input.pages);
    // A question worded unlike any page finds nothing in an engine that requires every word (the
    // local index): ask once more with its words loosened. Only the search that found pages is charged.
    const loosened = hits.length === 0 ? keywordQuery(input.question) : undefined;
    if (loosened !== undefined) {
      found = await deps.search.step(account, { ...searchInput, search: { ...searchInput.search, q: loosened } }, signal);
      hits = pagesOf(found.body, input.pages);
    }
    if (hits.length === 0) throw new NoAnswerError('no_results', `The search found no page to read for "${input.question}".`);

    const warnings: string[] = [];
    let pagesCost = 0;
    const read = await Promise.all(
      hits.map(async (hit) => {
        try {
          const page = await deps.scrape.run(
            account,
            { url: hit.url, formats: ['text'], useCache: searchInput.search.useCache },
            AbortSignal.any([signal, AbortSignal.timeout(pageTimeoutMs)]),
          );
          pagesCost += page.cost;
          return { hit, text: page.body.result.data.text ?? '' };
        } catch (error) {
          if (signal.aborted) throw error;
          warnings.push(`${hit.url} could not be read (${describe(error, pageTimeoutMs)}); skipped.`);
          return undefined;
        }
      }),
    );
    const pages: ReadPage[] = [];
    const hitOf = new Map<number, (typeof hits)[number]>();
    for (const page of read) {
      if (page === undefined) continue;
      const n = pages.length + 1;
      pages.push({ n, url: page.hit.url, title: page.hit.title, passages: cutPassages(page.text) });
      hitOf.set(n, page.hit);
    }
    if (pages.length === 0) throw new NoAnswerError('no_pages', `None of the ${hits.length} pages found could be read.`);

    const chosen = choosePassages(rankPassages(input.question, pages), {
      budgetTokens: ANSWER_LIMITS.contextTokens,
      perPage: ANSWER_LIMITS.passagesPerPage,
      countTokens: (text) => chat.countTokens(text),
    });
    // Each page's chosen passages in page order; a page with none is not given. The pages given are
    // numbered 1..k without gaps, so that `[n]` is the n-th source (Perplexity's `citations[n-1]`).
    const kept = pages
      .map((page) => ({
        page,
        passages: chosen
          .filter((unit) => unit.page.n === page.n)
          .sort((a, b) => a.passage.index - b.passage.index)
          .map((unit) => unit.passage.text),
      }))
      .filter(({ passages }) => passages.length > 0)
      .map(({ page, passages }, index) => ({ n: index + 1, page, passages, hit: hitOf.get(page.n)! }));
    const given = kept.map(({ n, page, passages }) => ({ n, title: page.title, url: page.url, passages }));
    const sources: AnswerSource[] = kept.map(({ n, page, hit }) => ({
      n,
      title: page.title,
      url: page.url,
      snippet: hit.snippet,
      ...(hit.date === undefined ? {} : { date: hit.date }),
    }));
    const prepared = chat.prepareTask({
      model: input.model,
      messages: answerMessages(input.question, given),
      maxTokens: input.maxTokens ?? ANSWER_LIMITS.defaultMaxTokens,
    });
    return {
      sources,
      given,
      warnings,
      engine: found.body.sources.map((source) => source.engine).join('+'),
      searched: found.body,
      searchCost: found.cost,
      pagesCost,
      chat: prepared,
    };
  }

  /** The holds of the whole answer: the reading's, then the model's once the prompt is known. Released together on any failure. */
  async function holdAndGather(caller: Caller, input: AnswerInput, stream: boolean): Promise<{ prepared: Prepared; reading: OpenHold; model: OpenHold }> {
    // A server without a model, or a model that does not exist, is refused before anything is held.
    chatService().models.resolve(input.model);
    const searchInput = await deps.search.answerable({ sources: input.sources, search: input.search });
    const readingCost = deps.search.maxCost(searchInput) + input.pages * deps.scrape.maxCost;
    const reading = await openHold(deps.metering, caller, ANSWER_ENDPOINT, readingCost);
    try {
      const gathered = await gather(caller, input, searchInput, caller.signal);
      const prepared = { ...gathered, chat: { ...gathered.chat, stream } };
      const model = await openHold(deps.metering, caller, ANSWER_ENDPOINT, prepared.chat.holdCredits).catch((error: unknown) => {
        throw error instanceof InsufficientCreditsError && error.creditsNeeded === undefined
          ? new InsufficientCreditsError(error.creditsRemaining, readingCost + prepared.chat.holdCredits)
          : error;
      });
      return { prepared, reading, model };
    } catch (error) {
      await reading.release();
      throw error;
    }
  }

  /** Settles both holds: the reading's at what it cost, the model's at its tokens. */
  async function settle(prepared: Prepared, reading: OpenHold, model: OpenHold, chatCredits: number) {
    const read = await reading.settle(prepared.searchCost + prepared.pagesCost);
    const asked = await model.settle(chatCredits);
    return { charged: read.charged + asked.charged, balance: asked.balance };
  }

  function finished(
    prepared: Prepared,
    text: string,
    charge: { promptTokens: number; completionTokens: number },
    credits: { chat: number; charged: number; balance: number },
  ): Answer {
    const checked = checkAnswer(text, prepared.given);
    return {
      answer: checked.answer,
      citations: checked.citations,
      sources: prepared.sources,
      warnings: [...prepared.warnings, ...checked.warnings],
      engine: prepared.engine,
      searched: prepared.searched,
      model: prepared.chat.model.id,
      usage: {
        search: prepared.searchCost,
        pages: prepared.pagesCost,
        chat: credits.chat,
        prompt_tokens: charge.promptTokens,
        completion_tokens: charge.completionTokens,
        credits_used: credits.charged,
        credits_remaining: credits.balance,
      },
    };
  }

  return {
    /** The whole answer. Rejects with NoAnswerError, the search's, scrape's and model's errors, and the ledger's; nothing is charged then. */
    async run(caller: Caller, input: AnswerInput): Promise<Answer> {
      const { prepared, reading, model } = await holdAndGather(caller, input, false);
      let completion;
      try {
        completion = await chatService().answer(prepared.chat, caller.signal);
      } catch (error) {
        await Promise.all([model.release(), reading.release()]);
        throw error;
      }
      const credits = await settle(prepared, reading, model, completion.charge.credits);
      return finished(prepared, completion.text, completion.charge, { chat: completion.charge.credits, ...credits });
    },

    /**
     * The answer streamed: resolves once the model produced its first output (a model failing
     * before that rejects, and nothing is charged) with the sources and the events to send.
     */
    async stream(caller: Caller, input: AnswerInput): Promise<StreamedAnswer> {
      const { prepared, reading, model } = await holdAndGather(caller, input, true);
      let settled: { chat: number; charged: number; balance: number; promptTokens: number; completionTokens: number } | undefined;
      let payloads: AsyncIterable<string>;
      try {
        payloads = await chatService().startStream(prepared.chat, {
          signal: caller.signal,
          settle: async (charge) => {
            const credits = await settle(prepared, reading, model, charge.credits);
            settled = { chat: charge.credits, ...credits, promptTokens: charge.promptTokens, completionTokens: charge.completionTokens };
            return { creditsUsed: credits.charged, creditsRemaining: credits.balance };
          },
        });
      } catch (error) {
        await Promise.all([model.release(), reading.release()]);
        throw error;
      }
      async function* events(): AsyncGenerator<AnswerEvent> {
        let text = '';
        for await (const payload of payloads) {
          const token = tokenOf(payload);
          if (token !== undefined) {
            text += token;
            yield { type: 'token', text: token };
          }
        }
        if (settled === undefined) return;
        yield { type: 'done', answer: finished(prepared, text, settled, settled) };
      }
      return { sources: prepared.sources, events: events() };
    },
  };
}

export type AnswerUseCase = ReturnType<typeof createAnswerUseCase>;

/** What every surface that answers builds its answers from: the process's shared resources and prices. */
export interface AnswerParts {
  readonly cached: CachedRunner;
  readonly searchService: CombinedSearchDeps['service'];
  readonly scrapeService: ScrapeService;
  readonly chat: ChatService | undefined;
  readonly ledger: Ledger;
  readonly config: Pick<Config, 'searchCacheTtl' | 'scrapeCacheTtl' | 'cacheHitCharge' | 'priceSearchSource' | 'holdTtlSeconds'>;
  readonly now: () => Date;
}

/** The answer use case over the process's search, scrape cache and chat models (REST, OpenAI, Tavily, Exa and MCP build theirs with it). */
export function answersFrom(parts: AnswerParts): AnswerUseCase {
  const { cached, config } = parts;
  const common = { cached, cacheHitCharge: config.cacheHitCharge };
  return createAnswerUseCase({
    search: createCombinedSearch({ ...common, service: parts.searchService, cacheTtlSeconds: config.searchCacheTtl, priceSource: config.priceSearchSource }),
    scrape: createScrapeUseCase({ ...common, service: parts.scrapeService, cacheTtlSeconds: config.scrapeCacheTtl, now: parts.now }),
    chat: parts.chat,
    metering: { ledger: parts.ledger, holdTtlSeconds: config.holdTtlSeconds },
  });
}

/** The pages a search found, without repeats, at most `count`. */
function pagesOf(result: CombinedSearchResult, count: number) {
  return result.sources
    .flatMap((source) => (source.vertical === 'autocomplete' ? [] : itemsOf([source], source.vertical)))
    .map(({ item }) => item as { title: string; url?: string; link?: string; description?: string; snippet?: string; date?: string })
    .map((item) => ({ title: item.title, url: item.url ?? item.link ?? '', snippet: item.description ?? item.snippet ?? '', date: item.date }))
    .filter((hit, index, all) => hit.url !== '' && all.findIndex((other) => other.url === hit.url) === index)
    .slice(0, count);
}

/** The text of one streamed chunk; throws the model's error event as an Error. */
function tokenOf(payload: string): string | undefined {
  if (payload === '[DONE]') return undefined;
  const chunk = JSON.parse(payload) as { choices?: Array<{ delta?: { content?: string | null } }>; error?: { message?: string } };
  if (chunk.error !== undefined) throw new Error(chunk.error.message ?? 'The model stopped mid-answer.');
  const content = chunk.choices?.[0]?.delta?.content;
  return typeof content === 'string' && content !== '' ? content : undefined;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  return error instanceof Error ? error.message : 'unknown error';
}
