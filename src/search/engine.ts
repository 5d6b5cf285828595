/**
 * The contract between the search router and a search engine (Quarry's local index, Serper,
 * SearXNG, Brave, Crossref…). An engine turns one normalised request into normalised items of one
 * vertical; ranking across engines, de-duplication, post-filtering, positions, failover and
 * suspension are the router's job, so an engine stays a thin translator.
 */
import type { ParsedQuery, QueryFeature } from './query.js';
import type { UnrankedItemOf } from './shapes.js';
import type { RecencyUnit, TbsSpec, TimeWindow } from './tbs.js';
import type { ItemVertical, Vertical } from './verticals.js';

/** One search, already validated and parsed once for every engine of the chain. */
export interface EngineRequest {
  readonly vertical: Vertical;
  /** The parsed query; `formatQuery(query, engine.operators)` gives the text to send upstream. */
  readonly query: ParsedQuery;
  /** The query exactly as the client sent it, for engines that pass it through untouched. */
  readonly q: string;
  /** Results wanted on this page (1–100). An engine may return fewer, never needs to return more. */
  readonly num: number;
  /** 1-based page of `num` results. */
  readonly page: number;
  /** Lower-case ISO 3166-1 alpha-2 code, e.g. "us". */
  readonly country: string;
  /** Host language code as the client sent it, e.g. "en" or "pt-BR". */
  readonly lang?: string;
  /** Free-text location for hyper-local results (images, places). */
  readonly location?: string;
  /** The parsed `tbs`, for engines that take Google's parameter (see `formatTbs`). */
  readonly tbs?: TbsSpec;
  /** The same time restriction as concrete instants, for engines that filter by date. */
  readonly window: TimeWindow;
  readonly autocorrect: boolean;
  /**
   * The account searching, for engines holding per-account data (the local index shows an
   * account its own scraped pages and search history); upstream engines ignore it.
   */
  readonly account?: number;
}

/** One result as an engine found it. */
export interface EngineHit<V extends ItemVertical> {
  /** The item without `position`; fields the engine does not know are absent, never placeholders. */
  readonly item: UnrankedItemOf<V>;
  /**
   * When the result was published, if known. The router uses it to enforce a time window the engine
   * could not apply itself and to sort by date; the REST mapper shows it as `date`/`uploaded` when
   * the item lacks them.
   */
  readonly publishedAt?: Date;
}

/**
 * What an engine answers: ranked hits of the requested vertical (best first), or suggestions.
 * `correctedQuery` is the query the engine searched instead (autocorrect), when it did.
 */
export type EngineResult =
  | { [V in ItemVertical]: { readonly vertical: V; readonly hits: readonly EngineHit<V>[]; readonly correctedQuery?: string } }[ItemVertical]
  | { readonly vertical: 'autocomplete'; readonly suggestions: readonly string[] };

/**
 * How precisely an engine applies a `tbs` time window by itself:
 * - `'exact'`: any window (`qdr:` with counts, custom ranges);
 * - a list of units: only `qdr:<unit>` with a count of 1 for those units (others are widened by the engine);
 * - `'none'`: no time filtering at all.
 * Whatever the engine cannot do exactly, the router enforces on `publishedAt`.
 */
export type RecencySupport = 'exact' | 'none' | readonly RecencyUnit[];

export interface SearchEngine {
  /** Unique, stable, lower-case name ("local", "serper"); reported in responses and metrics. */
  readonly name: string;
  /** The verticals this engine can answer. */
  readonly verticals: readonly Vertical[];
  /**
   * Query features the engine applies natively and faithfully. The router post-filters the others
   * on title, URL and snippet, so claiming a feature the upstream only approximates loses results.
   */
  readonly operators: ReadonlySet<QueryFeature>;
  readonly recency: RecencySupport;
  /** Whether the engine honours `window.sortByDate` itself. */
  readonly sortsByDate: boolean;
  /**
   * Whether the engine has what it needs to run (key, URL, index). Read before every call, so it
   * may change at run time; an unconfigured engine is skipped without counting as a failure.
   */
  readonly configured: boolean;
  /**
   * True for an engine that answers only from what it already holds (Quarry's own index): when the
   * engines before it failed, its empty answer is no answer, and the search fails (502) instead of
   * returning, charging and caching an empty list. Default false.
   */
  readonly fallback?: boolean;
  /**
   * What turns the engine on, as an operator would type it: a setting (`SERPER_API_KEY`,
   * `SEARCH_KEYLESS_ENGINES=true`) or a command (`quarry crawl <url>`). Named in the 503 of a
   * vertical that no engine can answer, and wherever the operator is told which verticals answer.
   */
  readonly setup?: string;
  /**
   * For an engine that answers only from what it holds (the local index): whether it holds
   * anything to answer from. Asked before a search is charged: a configured engine with nothing to
   * search is no answer source. Must be cheap (cached). Absent: the engine can answer whenever configured.
   */
  readonly holdsAnswers?: () => Promise<boolean>;
  /**
   * Runs one search. Must resolve with a result of `request.vertical`; an empty list means "nothing
   * found", never "something went wrong". Every failure must reject with an `EngineError` of the
   * right kind. Must stop work and reject promptly when `signal` aborts.
   */
  search(request: EngineRequest, signal: AbortSignal): Promise<EngineResult>;
}

/** What would turn each engine of `engines` on (`SearchEngine.setup`), in order, without repeats. */
export function setupOf(engines: readonly SearchEngine[]): string[] {
  return [...new Set(engines.flatMap((engine) => (engine.setup === undefined ? [] : [engine.setup])))];
}

export const ENGINE_ERROR_KINDS = ['timeout', 'rate_limited', 'unauthorized', 'blocked', 'bad_response', 'upstream', 'network'] as const;

/**
 * - `timeout`: no answer in time;
 * - `rate_limited`: the upstream said slow down (HTTP 429, quota exhausted);
 * - `unauthorized`: the key was refused;
 * - `blocked`: a captcha or block page instead of results;
 * - `bad_response`: an answer that cannot be parsed or is of the wrong vertical;
 * - `upstream`: the upstream failed (5xx);
 * - `network`: DNS, connection refused or reset, TLS.
 */
export type EngineErrorKind = (typeof ENGINE_ERROR_KINDS)[number];

/** A failure of one engine; the router fails over to the next engine and suspends this one. */
export class EngineError extends Error {
  readonly code = 'engine_error';
  readonly engine: string;
  readonly kind: EngineErrorKind;
  /** For `rate_limited`: how long the upstream asked us to wait, when it said so. */
  readonly retryAfterSeconds?: number;

  constructor(engine: string, kind: EngineErrorKind, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.engine = engine;
    this.kind = kind;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * The query itself cannot be run by this engine (bad syntax for it, too deep, too large): the
 * request's fault, not the engine's. The router answers it as a 400 and never counts it against
 * the engine's health, so no account can suspend a shared engine for everyone with a crafted query.
 */
export class QueryRejectedError extends Error {
  readonly code = 'query_rejected';
  readonly engine: string;

  constructor(engine: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'QueryRejectedError';
    this.engine = engine;
  }
}
