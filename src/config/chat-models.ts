import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { redactUrl, type ConfigProblem } from './settings.js';

/**
 * `CHAT_MODELS_FILE`: the chat models clients may name, read and checked at start with every
 * problem listed at once. It lives beside the other settings because only the configuration sees
 * the environment, where each model's key is (the file names the variable, never the key).
 * The format is documented in docs/chat-models.md.
 */

/** One model of the file, validated, its key read from the environment. */
export interface ChatModelSpec {
  /** The name clients send and see (`model`). */
  readonly id: string;
  /** Base URL of its OpenAI-compatible API, with the version path. */
  readonly upstreamUrl: string;
  /** The model name sent upstream. */
  readonly upstreamModel: string;
  /** Sent as `Authorization: Bearer …`; undefined when the model needs no key (`api_key_env` absent: Ollama, local vLLM). */
  readonly apiKey: string | undefined;
  /** Credits per 1,000 prompt tokens. */
  readonly promptPricePer1k: number;
  /** Credits per 1,000 completion tokens. */
  readonly completionPricePer1k: number;
  readonly acceptsImages: boolean;
  readonly acceptsTools: boolean;
  /** Prompt and completion tokens together; `Infinity` when not known (the single-upstream settings). */
  readonly contextLength: number;
  /** The completion budget when the request names none (and the balance pays for it). */
  readonly maxCompletionTokens: number;
  /** Model ids tried in turn when this one fails before any output. */
  readonly fallbacks: readonly string[];
}

export interface ChatModelsSpec {
  readonly defaultId: string;
  readonly models: readonly ChatModelSpec[];
  /** What clients send as `model` on `/chat/completions` for an answer from the web (`answer_model`), when the file names one. */
  readonly answerModel?: string;
}

/** The `model` that asks for an answer from the web on `/chat/completions`, unless the models file names another (`answer_model`). */
export const DEFAULT_ANSWER_MODEL = 'quarry-answer';

/** The answer model's name on this server. */
export function answerModelName(spec: ChatModelsSpec | undefined): string {
  return spec?.answerModel ?? DEFAULT_ANSWER_MODEL;
}

/** The completion budget of a model that does not say (`max_completion_tokens`): the contract's default `max_tokens`. */
export const DEFAULT_MAX_COMPLETION_TOKENS = 4096;
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIELDS = new Set([
  'id',
  'upstream_url',
  'upstream_model',
  'api_key_env',
  'prompt_price_per_1k',
  'completion_price_per_1k',
  'images',
  'tools',
  'context_length',
  'max_completion_tokens',
  'fallbacks',
]);

export interface ChatModelsRead {
  readonly spec: ChatModelsSpec | undefined;
  readonly problems: ConfigProblem[];
}

/** Reads and checks the models file; `env` is where the keys' variables are looked up. */
export function readChatModelsFile(file: string, env: NodeJS.ProcessEnv): ChatModelsRead {
  const variable = `CHAT_MODELS_FILE (${file})`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { spec: undefined, problems: [{ variable, reason: `cannot read the file (${code})` }] };
  }
  let document: unknown;
  try {
    // YAML 1.2 is a superset of JSON: one parser reads both.
    document = parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? 'syntax error') : 'syntax error';
    return { spec: undefined, problems: [{ variable, reason: `neither JSON nor YAML: ${reason}` }] };
  }
  const reasons: string[] = [];
  const spec = checkChatModels(document, env, reasons);
  return { spec: reasons.length === 0 ? spec : undefined, problems: reasons.map((reason) => ({ variable, reason })) };
}

/** Checks a parsed models document, pushing one sentence per problem; the spec is only usable when none was pushed. */
export function checkChatModels(document: unknown, env: NodeJS.ProcessEnv, problems: string[]): ChatModelsSpec | undefined {
  if (!isRecord(document) || !Array.isArray(document.models)) {
    problems.push('expected an object with a `models` list (and optionally `default`)');
    return undefined;
  }
  const topLevel = ['models', 'default', 'answer_model'];
  for (const key of Object.keys(document)) if (!topLevel.includes(key)) problems.push(`${key}: unknown field (known: ${topLevel.join(', ')})`);
  if (document.models.length === 0) problems.push('models: the list is empty');

  const models: ChatModelSpec[] = [];
  const seen = new Set<string>();
  document.models.forEach((entry: unknown, index) => {
    const id = isRecord(entry) ? text(entry.id) : undefined;
    const twice = id !== undefined && seen.has(id);
    if (twice) problems.push(`models[${index}].id: "${id}" is used twice`);
    if (id !== undefined) seen.add(id);
    const model = checkModel(entry, `models[${index}]`, env, problems);
    if (model !== undefined && !twice) models.push(model);
  });

  // Checked on every entry, valid or not, so that one problem does not hide another.
  const ids = seen;
  document.models.forEach((entry: unknown, index) => {
    const fallbacks = isRecord(entry) && Array.isArray(entry.fallbacks) ? entry.fallbacks : [];
    for (const fallback of fallbacks) {
      if (typeof fallback === 'string' && !ids.has(fallback)) problems.push(`models[${index}].fallbacks: "${fallback}" is not a model of this file`);
    }
  });
  const cycle = fallbackCycle(models);
  if (cycle !== undefined) problems.push(`fallbacks form a cycle: ${cycle.join(' → ')}`);

  const defaultId = document.default === undefined ? [...seen][0] : document.default;
  if ((typeof defaultId !== 'string' && seen.size > 0) || (typeof defaultId === 'string' && !ids.has(defaultId))) {
    problems.push(`default: ${describe(document.default)} is not a model of this file`);
  }
  const answerModel = checkAnswerModel(document.answer_model, seen, problems);
  if (typeof defaultId !== 'string') return undefined;
  return answerModel === undefined ? { defaultId, models } : { defaultId, models, answerModel };
}

/** `answer_model`: a name clients can send, and no model's id (that model could not be reached). */
function checkAnswerModel(value: unknown, ids: ReadonlySet<string>, problems: string[]): string | undefined {
  const named = typeof value === 'string' ? value : undefined;
  if (value !== undefined && (named === undefined || !MODEL_ID.test(named))) {
    problems.push(`answer_model: expected a name clients can send as \`model\` (${MODEL_ID.source}), got ${describe(value)}`);
    return undefined;
  }
  const name = named ?? DEFAULT_ANSWER_MODEL;
  if (ids.has(name)) {
    problems.push(
      named === undefined
        ? `models: "${name}" is the name of answers from the web on /chat/completions; rename the model, or set \`answer_model\` to another name`
        : `answer_model: "${name}" is already a model of this file`,
    );
  }
  return named;
}

function checkModel(entry: unknown, at: string, env: NodeJS.ProcessEnv, problems: string[]): ChatModelSpec | undefined {
  if (!isRecord(entry)) {
    problems.push(`${at}: expected an object`);
    return undefined;
  }
  const before = problems.length;
  const fail = (field: string, reason: string) => problems.push(`${at}.${field}: ${reason}`);
  for (const key of Object.keys(entry)) {
    if (key === 'api_key') fail(key, 'a key never goes in this file: put it in an environment variable and name that variable in `api_key_env`');
    else if (!FIELDS.has(key)) fail(key, `unknown field (known: ${[...FIELDS].join(', ')})`);
  }

  const id = text(entry.id);
  if (id === undefined || !MODEL_ID.test(id)) fail('id', `expected a name clients can send as \`model\` (${MODEL_ID.source}), got ${describe(entry.id)}`);
  const upstreamUrl = text(entry.upstream_url);
  const urlProblem = upstreamUrlProblem(upstreamUrl);
  if (urlProblem !== undefined) fail('upstream_url', `${urlProblem}, got ${describe(shownUrl(entry.upstream_url))}`);
  const upstreamModel = text(entry.upstream_model);
  if (upstreamModel === undefined) fail('upstream_model', `expected the model name the upstream knows, got ${describe(entry.upstream_model)}`);

  let apiKey: string | undefined;
  if (entry.api_key_env !== undefined) {
    const name = text(entry.api_key_env);
    if (name === undefined || !ENV_NAME.test(name)) fail('api_key_env', `expected the name of an environment variable, got ${describe(entry.api_key_env)}`);
    else if (env[name] === undefined || env[name].trim() === '') fail('api_key_env', `the environment variable ${name} is not set`);
    else apiKey = env[name].trim();
  }

  const promptPrice = price(entry.prompt_price_per_1k);
  if (promptPrice === undefined)
    fail('prompt_price_per_1k', `expected credits per 1,000 prompt tokens (a number ≥ 0), got ${describe(entry.prompt_price_per_1k)}`);
  const completionPrice = price(entry.completion_price_per_1k);
  if (completionPrice === undefined) {
    fail('completion_price_per_1k', `expected credits per 1,000 completion tokens (a number ≥ 0), got ${describe(entry.completion_price_per_1k)}`);
  }
  const images = flag(entry.images);
  if (images === undefined) fail('images', `expected true or false, got ${describe(entry.images)}`);
  const tools = flag(entry.tools);
  if (tools === undefined) fail('tools', `expected true or false, got ${describe(entry.tools)}`);
  const contextLength = count(entry.context_length);
  if (contextLength === undefined)
    fail('context_length', `expected the model's context window in tokens (a whole number ≥ 1), got ${describe(entry.context_length)}`);
  const maxCompletion = entry.max_completion_tokens === undefined ? DEFAULT_MAX_COMPLETION_TOKENS : count(entry.max_completion_tokens);
  if (maxCompletion === undefined) fail('max_completion_tokens', `expected a whole number ≥ 1, got ${describe(entry.max_completion_tokens)}`);
  const fallbacks = entry.fallbacks === undefined ? [] : entry.fallbacks;
  if (!Array.isArray(fallbacks) || !fallbacks.every((item) => typeof item === 'string')) {
    fail('fallbacks', `expected a list of model ids, got ${describe(entry.fallbacks)}`);
  }

  if (problems.length > before) return undefined;
  return {
    id: id!,
    upstreamUrl: upstreamUrl!,
    upstreamModel: upstreamModel!,
    apiKey,
    promptPricePer1k: promptPrice!,
    completionPricePer1k: completionPrice!,
    acceptsImages: images!,
    acceptsTools: tools!,
    contextLength: contextLength!,
    maxCompletionTokens: maxCompletion!,
    fallbacks: fallbacks as string[],
  };
}

function upstreamUrlProblem(value: string | undefined): string | undefined {
  const expected = 'expected the http(s) base URL of an OpenAI-compatible API with its version path (https://openrouter.ai/api/v1)';
  if (value === undefined) return expected;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return expected;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return expected;
  // The URL is logged and shown in errors: secrets belong in `api_key_env`.
  if (url.username !== '' || url.password !== '' || url.search !== '') return 'must carry no credentials and no query (the key goes in `api_key_env`)';
  return undefined;
}

/** The first cycle of fallbacks, as the ids walked (`a → b → a`), or undefined. */
function fallbackCycle(models: readonly ChatModelSpec[]): string[] | undefined {
  const byId = new Map(models.map((model) => [model.id, model]));
  const done = new Set<string>();
  const walk = (id: string, path: string[]): string[] | undefined => {
    if (path.includes(id)) return [...path.slice(path.indexOf(id)), id];
    if (done.has(id)) return undefined;
    for (const next of byId.get(id)?.fallbacks ?? []) {
      const cycle = walk(next, [...path, id]);
      if (cycle !== undefined) return cycle;
    }
    done.add(id);
    return undefined;
  };
  for (const model of models) {
    const cycle = walk(model.id, []);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

/** The longest list of models one call may try (a model and its fallbacks, transitively). */
export function longestChatChain(spec: ChatModelsSpec | undefined): number {
  if (spec === undefined) return 1;
  const byId = new Map(spec.models.map((model) => [model.id, model]));
  return Math.max(1, ...spec.models.map((model) => chainOf(model.id, byId).length));
}

/** A model then its fallbacks, depth first, each model once: the order one call tries them in. */
export function chainOf<T extends { readonly id: string; readonly fallbacks: readonly string[] }>(id: string, byId: ReadonlyMap<string, T>): T[] {
  const chain: T[] = [];
  const visit = (current: string) => {
    const model = byId.get(current);
    if (model === undefined || chain.includes(model)) return;
    chain.push(model);
    for (const next of model.fallbacks) visit(next);
  };
  visit(id);
  return chain;
}

/** A URL as a problem may show it: without its user information or query. */
function shownUrl(value: unknown): unknown {
  return typeof value === 'string' ? redactUrl(value).replace(/\?.*$/, '?…') : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function price(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const shown = JSON.stringify(value);
  return shown.length > 60 ? `${shown.slice(0, 57)}…` : shown;
}
