/**
 * Firecrawl's scrape options, checked and turned into what Quarry's scrape does. Options Quarry
 * honours change the scrape; options that cannot change Quarry's answer are accepted; options that
 * would change Firecrawl's answer in a way Quarry cannot reproduce are refused with a 400 naming
 * them, never silently dropped.
 */
import { ChangeOptionError, changeTrackingOptions, type ChangeTrackingOptions } from '../../changes/index.js';
import { jsonTask, questionTask, TaskOptionError, type PageTask } from '../../extraction/index.js';
import { screenshotNeedsBrowserMessage, type RenderMode, type ScreenshotSpec } from '../../scrape/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';
import { isScreenshotFormat, SCREENSHOT_FORMATS, screenshotSpecOf } from './screenshot-format.js';

/** The page formats: what the scrape itself returns (`json` without a prompt or schema is Quarry's structured JSON of the page). */
export const FIRECRAWL_FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'json'] as const;
export type FirecrawlFormat = (typeof FIRECRAWL_FORMATS)[number];
/** The formats a chat model writes from the page: `json` with a prompt or schema, `summary`, `question`. Scrape only. */
export const MODEL_FORMATS = ['summary', 'question'] as const;
const ALL_FORMATS = [...FIRECRAWL_FORMATS, ...MODEL_FORMATS];
/** The format that compares the page with the account's last scrape of it (scrape only), and the keys its object takes. */
const CHANGE_TRACKING = 'changeTracking';
const CHANGE_TRACKING_KEYS = new Set(['modes', 'schema', 'prompt', 'tag']);

export type FormatSpec = string | { readonly type: string; readonly [key: string]: unknown };

export interface ScrapeOptionsInput {
  formats?: FormatSpec[];
  onlyMainContent?: boolean;
  maxAge?: number;
  timeout?: number;
  waitFor?: number;
  [key: string]: unknown;
}

/** A scrape as Quarry will run it. */
export interface ResolvedScrapeOptions {
  readonly formats: readonly FirecrawlFormat[];
  /** `markdown` and `html` hold the main content (Firecrawl's default), else the whole cleaned page. */
  readonly onlyMainContent: boolean;
  readonly render: RenderMode;
  /** Oldest cached copy accepted, in ms; undefined → whatever the cache holds (`SCRAPE_CACHE_TTL`). */
  readonly maxAgeMs?: number;
  readonly timeoutMs?: number;
  /** What a chat model is asked of the page (JSON extraction, summary, question), in the order asked; empty for most scrapes. */
  readonly tasks: readonly PageTask[];
  /** A picture of the rendered page (`screenshot`, `screenshot@fullPage`, v2's object); scrape only. */
  readonly screenshot?: ScreenshotSpec;
  /** The `changeTracking` format (scrape only): how the page is compared with the account's last scrape of it. */
  readonly changeTracking?: ChangeTrackingOptions;
}

/** Keys whose value changes nothing Quarry returns (or asks for what Quarry does anyway). */
const ACCEPTED = new Set([
  'formats',
  'onlyMainContent',
  'maxAge',
  'timeout',
  'waitFor',
  'origin',
  'integration',
  'skipTlsVerification',
  'removeBase64Images',
  'blockAds',
  'storeInCache',
  'fastMode',
  'zeroDataRetention',
  'minAge',
  'useMock',
  'proxy',
  'mobile',
  'parsers',
  'actions',
  'includeTags',
  'excludeTags',
  'headers',
  'location',
  'jsonOptions',
  'changeTrackingOptions',
]);

/** Why each option Quarry cannot honour is refused when it asks for something. */
const REFUSED: Record<string, string> = {
  actions: 'page actions are not supported',
  includeTags: 'includeTags is not supported (Quarry chooses the main content itself)',
  excludeTags: 'excludeTags is not supported (Quarry chooses the main content itself)',
  headers: 'custom request headers are not supported',
  location: 'location (geo-targeted proxies) is not supported',
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** A model option that cannot be used, as Firecrawl's 400 naming it (`formats[0].schema: …`). */
function taskOf(field: string, make: () => PageTask): PageTask {
  try {
    return make();
  } catch (error) {
    if (error instanceof TaskOptionError) throw badRequest(`${field}.${error.field}: ${error.message}`);
    throw error;
  }
}

/** Firecrawl's v1 `jsonOptions`: a schema and/or prompt for the `json` format. */
function jsonOptionsTask(jsonOptions: unknown, field: string): PageTask {
  if (typeof jsonOptions !== 'object' || jsonOptions === null || Array.isArray(jsonOptions)) throw badRequest(`${field}: must be an object`);
  const options = jsonOptions as Record<string, unknown>;
  const unknown = unknownKeys(options, new Set(['schema', 'prompt', 'systemPrompt', 'checkPromptInjection']));
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.map((key) => `${field}.${key}`).join(', ')}`);
  if (!isEmpty(options.systemPrompt)) throw badRequest(`${field}.systemPrompt: a system prompt of your own is not supported; say what to extract in prompt`);
  return taskOf(field, () => jsonTask(options));
}

/** One entry of `formats`: a page format, or a task for the model. */
function formatOf(spec: FormatSpec, field: string, jsonOptions: unknown, where: string): FirecrawlFormat | PageTask {
  const type = typeof spec === 'string' ? spec : spec.type;
  if (!(ALL_FORMATS as readonly string[]).includes(type)) {
    throw badRequest(
      `${field}: format "${String(type)}" is not supported; supported formats are ${[...ALL_FORMATS, ...SCREENSHOT_FORMATS, CHANGE_TRACKING].join(', ')}`,
    );
  }
  const object = typeof spec === 'object' ? spec : undefined;
  switch (type) {
    case 'summary':
      return { kind: 'summary' };
    case 'question':
      return taskOf(field, () => questionTask(object?.question));
    case 'json':
      // v2 names the schema and prompt in the format; v1 in `jsonOptions`. Neither: Quarry's structured JSON of the page.
      if (object !== undefined && (!isEmpty(object.prompt) || !isEmpty(object.schema)))
        return taskOf(field, () => jsonTask({ schema: object.schema, prompt: object.prompt }));
      if (jsonOptions !== undefined) return jsonOptionsTask(jsonOptions, `${where}jsonOptions`);
      return 'json';
    default:
      return type as FirecrawlFormat;
  }
}

/**
 * The `changeTracking` format, from its entry of `formats` (v2: `{"type": "changeTracking", modes?, tag?…}`;
 * the bare string) and v1's `changeTrackingOptions`. Firecrawl's default mode list is empty: the
 * status without a diff. A problem is a 400 naming the option (`formats[1].modes: …`).
 */
function changeTrackingOf(options: ScrapeOptionsInput, where: string): ChangeTrackingOptions | undefined {
  const index = (options.formats ?? []).findIndex((spec) => (typeof spec === 'string' ? spec : spec.type) === CHANGE_TRACKING);
  const v1 = options.changeTrackingOptions;
  if (index < 0) {
    if (v1 === undefined) return undefined;
    throw badRequest(`${where}changeTrackingOptions: changeTrackingOptions applies to the changeTracking format; add "changeTracking" to formats`);
  }
  const spec = options.formats![index]!;
  const [field, raw] =
    typeof spec === 'object' && Object.keys(spec).some((key) => key !== 'type')
      ? [`${where}formats[${index}]`, Object.fromEntries(Object.entries(spec).filter(([key]) => key !== 'type'))]
      : [`${where}changeTrackingOptions`, v1 ?? {}];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(`${field}: must be an object`);
  const unknown = unknownKeys(raw as Record<string, unknown>, CHANGE_TRACKING_KEYS);
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.map((key) => `${field}.${key}`).join(', ')}`);
  try {
    return changeTrackingOptions(raw as Record<string, unknown>, []);
  } catch (error) {
    if (error instanceof ChangeOptionError) throw badRequest(`${field}.${error.field}: ${error.message}`);
    throw error;
  }
}

/**
 * Checks a scrape body's options and resolves them, the model's formats included (`json` with a
 * prompt or schema, v1 `jsonOptions`, `summary`, `question`).
 */
export function resolveScrapeRequest(options: ScrapeOptionsInput, browserAvailable: boolean): ResolvedScrapeOptions {
  return resolve(options, '', browserAvailable, ['markdown'], new Set(), true);
}

/**
 * Checks `options` (a search's / crawl's `scrapeOptions`) and resolves them. `where` prefixes
 * messages (`scrapeOptions.`); `browserAvailable` decides whether `waitFor` can be met.
 * `defaultFormats` is `['markdown']` for crawl, `[]` (no scraping) for search. The model's formats
 * are refused here: one model call a page of a crawl or search is a cost nobody should get by accident.
 */
export function resolveScrapeOptions(
  options: ScrapeOptionsInput,
  where: string,
  browserAvailable: boolean,
  defaultFormats: readonly FirecrawlFormat[],
  extraKeys: ReadonlySet<string> = new Set(),
): ResolvedScrapeOptions {
  return resolve(options, where, browserAvailable, defaultFormats, extraKeys, false);
}

function resolve(
  options: ScrapeOptionsInput,
  where: string,
  browserAvailable: boolean,
  defaultFormats: readonly FirecrawlFormat[],
  extraKeys: ReadonlySet<string>,
  modelFormats: boolean,
): ResolvedScrapeOptions {
  const unknown = unknownKeys(options, new Set([...ACCEPTED, ...extraKeys]));
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.map((key) => where + key).join(', ')}`);
  for (const [key, reason] of Object.entries(REFUSED)) if (!isEmpty(options[key])) throw badRequest(`${where}${key}: ${reason}`);
  if (options.mobile === true) throw badRequest(`${where}mobile: mobile emulation is not supported`);
  if (options.proxy !== undefined && options.proxy !== 'basic' && options.proxy !== 'auto')
    throw badRequest(`${where}proxy: only "basic" and "auto" are supported`);
  if (
    options.parsers !== undefined &&
    !(
      Array.isArray(options.parsers) &&
      options.parsers.every(
        (parser) =>
          parser === 'pdf' ||
          (typeof parser === 'object' && parser !== null && (parser as { type?: unknown }).type === 'pdf' && Object.keys(parser).length === 1),
      )
    )
  ) {
    throw badRequest(`${where}parsers: only the default PDF parser is supported`);
  }
  const changeTracking = changeTrackingOf(options, where);
  if (changeTracking !== undefined && !modelFormats) {
    throw badRequest(`${where}formats: changeTracking is supported on /scrape only, one page at a time`);
  }
  const typeOf = (spec: FormatSpec) => (typeof spec === 'string' ? spec : spec.type);
  const asked = (options.formats ?? []).flatMap((spec, i) =>
    isScreenshotFormat(typeOf(spec)) || typeOf(spec) === CHANGE_TRACKING
      ? []
      : [{ field: `${where}formats[${i}]`, format: formatOf(spec, `${where}formats[${i}]`, options.jsonOptions, where) }],
  );
  const screenshot = screenshotOf(options.formats ?? [], where, browserAvailable, modelFormats);
  const modelAsked = asked.filter((entry) => typeof entry.format !== 'string');
  if (!modelFormats) {
    const first = modelAsked[0]?.field ?? (options.jsonOptions === undefined ? undefined : `${where}jsonOptions`);
    if (first !== undefined) {
      throw badRequest(`${first}: LLM formats (json with a prompt or schema, summary, question) are supported on /scrape only, one page at a time`);
    }
  }
  if (
    options.jsonOptions !== undefined &&
    !asked.some((entry) => entry.format === 'json' || (typeof entry.format === 'object' && entry.format.kind === 'json'))
  ) {
    throw badRequest(`${where}jsonOptions: jsonOptions applies to the json format; add "json" to formats`);
  }
  const pageFormats = asked.flatMap((entry) => (typeof entry.format === 'string' ? [entry.format] : []));
  const formats = options.formats === undefined ? defaultFormats : pageFormats;
  // One task of each kind: the first asked.
  const tasks = modelAsked.map((entry) => entry.format as PageTask).filter((task, index, all) => all.findIndex((other) => other.kind === task.kind) === index);
  const waitFor = options.waitFor ?? 0;
  if (waitFor > 0 && !browserAvailable) throw badRequest(`${where}waitFor: waiting for a page needs the headless browser, which this server does not have`);
  if (waitFor > 0 && options.timeout !== undefined && waitFor > options.timeout / 2) throw badRequest(`${where}waitFor must not exceed half of timeout`);
  return {
    formats: FIRECRAWL_FORMATS.filter((format) => formats.includes(format)),
    onlyMainContent: options.onlyMainContent !== false,
    // A page worth waiting for is rendered (the browser then waits for its network to go quiet), as is one to take a picture of.
    render: waitFor > 0 || screenshot !== undefined ? 'always' : 'auto',
    // A change is between two fetches of the page: without a maxAge of its own, a change-tracking scrape fetches afresh.
    ...(options.maxAge === undefined ? (changeTracking === undefined ? {} : { maxAgeMs: 0 }) : { maxAgeMs: options.maxAge }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
    tasks,
    ...(screenshot === undefined ? {} : { screenshot }),
    ...(changeTracking === undefined ? {} : { changeTracking }),
  };
}

/**
 * The first screenshot format asked for, checked: on /scrape only (`onScrape`; a picture a page of a
 * crawl is a cost nobody should get by accident), and on a server with the headless browser.
 */
function screenshotOf(formats: readonly FormatSpec[], where: string, browserAvailable: boolean, onScrape: boolean): ScreenshotSpec | undefined {
  const index = formats.findIndex((spec) => isScreenshotFormat(typeof spec === 'string' ? spec : spec.type));
  if (index < 0) return undefined;
  const field = `${where}formats[${index}]`;
  if (!onScrape) throw badRequest(`${field}: screenshots are supported on /scrape only, one page at a time`);
  const screenshot = screenshotSpecOf(formats[index]!, field);
  if (!browserAvailable) throw badRequest(`${field}: ${screenshotNeedsBrowserMessage()}`);
  return screenshot;
}
