import { chainOf, DEFAULT_MAX_COMPLETION_TOKENS, type ChatModelSpec, type Config } from '../config/index.js';
import { InvalidInputError } from '../errors.js';
import { ChatConfigError } from './errors.js';
import { assertValidPrices, type ChatPrices } from './pricing.js';

/** A chat model clients may name as `model`: where it is answered, what it costs and what it takes (one entry of `CHAT_MODELS_FILE`, or the single-upstream settings). */
export type ChatModel = ChatModelSpec;

export interface ChatModelRegistry {
  /** The model answering `requested`, or the default one without it. Throws a 400 naming `model` for a name not on offer. */
  resolve(requestedModel?: string): ChatModel;
  /** The models on offer, in the order configured. */
  list(): readonly ChatModel[];
  /** The models one call to `model` tries in turn: itself, then its fallbacks (depth first, each once). */
  chain(model: ChatModel): readonly ChatModel[];
}

export function modelPrices(model: ChatModel): ChatPrices {
  return { promptPer1k: model.promptPricePer1k, completionPer1k: model.completionPricePer1k };
}

export interface RegistryOptions {
  readonly defaultId: string;
  /**
   * Whether a name not on offer is refused. The single-upstream settings answer every name with
   * their one model, as they always have (OpenAI clients must send some `model`); a models file
   * refuses names it does not list.
   */
  readonly strictNames: boolean;
}

export function createModelRegistry(models: readonly ChatModel[], options: RegistryOptions): ChatModelRegistry {
  const byId = new Map(models.map((model) => [model.id, model]));
  const fallback = byId.get(options.defaultId);
  if (fallback === undefined) throw new ChatConfigError(`The default chat model "${options.defaultId}" is not on offer.`);
  for (const model of models) assertValidPrices(modelPrices(model));
  const chains = new Map(models.map((model) => [model.id, Object.freeze(chainOf(model.id, byId))]));
  const listed = Object.freeze([...models]);
  return {
    resolve(requestedModel) {
      if (requestedModel === undefined || requestedModel === '') return fallback;
      const model = byId.get(requestedModel);
      if (model !== undefined) return model;
      if (!options.strictNames) return fallback;
      throw InvalidInputError.field('model', `The model '${requestedModel}' does not exist; GET /api/v1/models lists the models on offer.`);
    },
    list: () => listed,
    chain: (model) => chains.get(model.id) ?? [model],
  };
}

/** The chat settings a registry is made from. */
export type ChatModelsConfig = Pick<
  Config,
  | 'chatModels'
  | 'chatUpstreamUrl'
  | 'chatUpstreamModel'
  | 'chatUpstreamApiKey'
  | 'chatModel'
  | 'chatModelAcceptsImages'
  | 'priceChatPromptPer1k'
  | 'priceChatCompletionPer1k'
>;

/**
 * The models of `CHAT_MODELS_FILE`, or the one model of the single-upstream settings
 * (`CHAT_UPSTREAM_URL`, `CHAT_UPSTREAM_MODEL`, `CHAT_MODEL`, the `PRICE_CHAT_*` prices);
 * undefined when neither is set (chat answers 503).
 */
export function modelRegistryFromConfig(config: ChatModelsConfig): ChatModelRegistry | undefined {
  if (config.chatModels !== undefined) {
    return createModelRegistry(config.chatModels.models, { defaultId: config.chatModels.defaultId, strictNames: true });
  }
  if (config.chatUpstreamUrl === undefined) return undefined;
  if (config.chatUpstreamModel === undefined) {
    throw new ChatConfigError('CHAT_UPSTREAM_MODEL must be set when CHAT_UPSTREAM_URL is.');
  }
  const single: ChatModel = {
    id: config.chatModel,
    upstreamUrl: config.chatUpstreamUrl,
    upstreamModel: config.chatUpstreamModel,
    apiKey: config.chatUpstreamApiKey,
    promptPricePer1k: config.priceChatPromptPer1k,
    completionPricePer1k: config.priceChatCompletionPer1k,
    // Tools are common to OpenAI-compatible upstreams (one that refuses them says so); images
    // are not, so they wait for CHAT_MODEL_ACCEPTS_IMAGES (or a models file) to say so.
    acceptsImages: config.chatModelAcceptsImages,
    acceptsTools: true,
    contextLength: Infinity,
    maxCompletionTokens: DEFAULT_MAX_COMPLETION_TOKENS,
    fallbacks: [],
  };
  return createModelRegistry([single], { defaultId: single.id, strictNames: false });
}
