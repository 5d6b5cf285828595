import { InvalidInputError, type FieldMessages } from '../errors.js';
import type { ModelCapabilities } from './capabilities.js';
import { UpstreamError } from './errors.js';
import { readOpenAIRequest } from './openai-request.js';
import { createModelRegistry, modelPrices, type ChatModel, type ChatModelRegistry } from './models.js';
import { affordableCompletionTokens, assertValidPrices, chatCredits, worstCaseCredits, type ChatPrices } from './pricing.js';
import { chunkBuilder, completionBody, errorEventData, newCompletionMeta, SSE_DONE, type ChatCharge, type SettledCredits } from './response.js';
import { CHAT_LIMITS, type ChatCompletionResponse, type ChatRequestBody, type OpenAIChatRequestBody } from './schemas.js';
import { createPromptCounter } from './prompt-tokens.js';
import type { TokenCounter } from './tokens.js';
import type { ChatUpstream, UpstreamChatRequest, UpstreamDelta, UpstreamMessage, UpstreamUsage } from './upstream.js';

export type { ChatCharge, SettledCredits } from './response.js';

/**
 * Charges a finished (or cut short) chat call against the hold and says what happened.
 * Supplied by the metered-request lifecycle; called at most once per call, and only for
 * calls that produced output. Calls that fail before any output never settle: release the hold.
 */
export type SettleChat = (charge: ChatCharge) => Promise<SettledCredits>;

export interface ChatCallHooks {
  settle: SettleChat;
  /** Aborts the call (client gone). For streams, pass `SseWriter.signal`. */
  signal?: AbortSignal;
}

/** A validated body turned into what the lifecycle needs before doing the work. */
export interface PreparedChat {
  /** The model asked for (or the default one). */
  model: ChatModel;
  /** The models tried in turn: `model`, then its fallbacks. */
  chain: readonly ChatModel[];
  /** Prompt tokens by local count (the hold is based on it). */
  promptTokens: number;
  /** Credits to hold: the whole prompt plus `max_tokens` of completion, at the dearest model of the chain. */
  holdCredits: number;
  /**
   * `given`: the client named `max_tokens`, which the hold must cover. `chosen`: Quarry chose it
   * (the model's budget), and it may shrink to what the balance pays for (`ChatService.fitBudget`).
   */
  maxTokensSource: 'given' | 'chosen';
  /** The least the balance must hold for this call to run: the whole hold when `given`, the prompt and one completion token when `chosen`. */
  neededCredits: number;
  upstreamRequest: UpstreamChatRequest;
  stream: boolean;
  /** Whether a stream ends with a `choices: []` usage chunk: always on Quarry's route, on `include_usage` for the alias. */
  streamUsage: boolean;
}

/** A finished completion waiting for its charge. */
export interface UnsettledCompletion {
  readonly charge: ChatCharge;
  /** What the model wrote (its message's content). */
  readonly text: string;
  /** The response body, with what the ledger charged and the balance after it. */
  body(settled: SettledCredits): ChatCompletionResponse;
}

/** A model call of Quarry's own making (see `ChatService.prepareTask`). */
export interface ChatTask {
  readonly model?: string | undefined;
  readonly messages: UpstreamMessage[];
  /** Completion budget; default: the model's own. */
  readonly maxTokens?: number | undefined;
  /** OpenAI's `response_format`, for JSON output. */
  readonly responseFormat?: UpstreamChatRequest['response_format'];
  readonly stream?: boolean;
}

/** One upstream answering one model under one price. */
export interface SingleModelOptions {
  upstream: ChatUpstream;
  tokenizer: TokenCounter;
  prices: ChatPrices;
  /** The model name clients see (the contract's "service's own chat model name"), not the upstream's. */
  serviceModel: string;
  /** What the model takes besides text, on the OpenAI route. Default: tools yes, images no. */
  capabilities?: Pick<ModelCapabilities, 'acceptsImages' | 'acceptsTools'>;
}

/** Several models, each with its upstream, prices and fallbacks. */
export interface ModelsOptions {
  tokenizer: TokenCounter;
  models: ChatModelRegistry;
  upstreamOf: (model: ChatModel) => ChatUpstream;
}

export type ChatServiceOptions = SingleModelOptions | ModelsOptions;

export interface ChatService {
  readonly models: ChatModelRegistry;
  /** Tokens of `text` by the local tokenizer (what holds are sized by). */
  countTokens(text: string): number;
  /**
   * A chat whose `max_tokens` Quarry chose, cut to what `balance` pays for after the prompt;
   * undefined when it cannot pay for the prompt and one completion token. Other chats are returned as they are.
   */
  fitBudget(prepared: PreparedChat, balance: number): PreparedChat | undefined;
  /** From a valid `POST /api/v1/chat/` body. Defaults are applied here too. */
  prepare(body: ChatRequestBody): PreparedChat;
  /**
   * A task of Quarry's own (an answer, an extraction, a summary): messages built by a prompt of
   * src/prompts, for `model` (default: the default model). Throws InvalidInputError (`model`) for
   * a model that does not exist. Streams end with the usage chunk.
   */
  prepareTask(task: ChatTask): PreparedChat;
  /** From a valid `POST /api/v1/chat/completions` body; throws the shared `InvalidInputError` (DRF-shaped fields) for rules beyond the schema. */
  prepareOpenAI(body: OpenAIChatRequestBody): PreparedChat;
  /**
   * One whole completion. Settles before returning the response body. Rejects with
   * `UpstreamError` (nothing settled: release the hold) or with what `settle` threw.
   */
  complete(prepared: PreparedChat, hooks: ChatCallHooks): Promise<ChatCompletionResponse>;
  /**
   * One whole completion, not yet charged: what it costs, and its body once the ledger said what
   * it charged (the body reports the credits). Rejects with `UpstreamError`; nothing is settled.
   */
  answer(prepared: PreparedChat, signal?: AbortSignal): Promise<UnsettledCompletion>;
  /**
   * Starts a streamed completion and resolves once the upstream produced its first output,
   * so that a failure before any output still rejects with `UpstreamError` while the HTTP
   * status can be chosen (nothing settled: release the hold).
   * The resolved iterable yields SSE `data` payloads — chunks, usage, `[DONE]` — and must be
   * iterated to its end (`pipeSse` does): it settles exactly once, on the upstream's usage
   * or on local counts of what was produced, also when the stream is cut short or the
   * client leaves. A stream cut by the upstream ends with an OpenAI-style error event.
   */
  startStream(prepared: PreparedChat, hooks: ChatCallHooks): Promise<AsyncIterable<string>>;
}

/** A failure before any output that another model may well not have: the call moves on to the next fallback. */
function worthAFallback(error: unknown): boolean {
  return error instanceof UpstreamError && (error.kind === 'unavailable' || error.kind === 'timeout' || error.kind === 'rate_limited');
}

function singleModel(options: SingleModelOptions): ModelsOptions {
  assertValidPrices(options.prices);
  const model: ChatModel = {
    id: options.serviceModel,
    upstreamUrl: '',
    upstreamModel: options.upstream.model,
    apiKey: undefined,
    promptPricePer1k: options.prices.promptPer1k,
    completionPricePer1k: options.prices.completionPer1k,
    acceptsImages: options.capabilities?.acceptsImages ?? false,
    acceptsTools: options.capabilities?.acceptsTools ?? true,
    contextLength: Infinity,
    maxCompletionTokens: CHAT_LIMITS.defaultMaxTokens,
    fallbacks: [],
  };
  return {
    tokenizer: options.tokenizer,
    models: createModelRegistry([model], { defaultId: model.id, strictNames: false }),
    upstreamOf: () => options.upstream,
  };
}

export function createChatService(options: ChatServiceOptions): ChatService {
  const { tokenizer, models, upstreamOf } = 'models' in options ? options : singleModel(options);
  const countPrompt = createPromptCounter(tokenizer);

  /** The dearest charge of `usage` over the chain: what the hold must cover. */
  const dearest = (chain: readonly ChatModel[], promptTokens: number, completionTokens: number) =>
    Math.max(...chain.map((model) => worstCaseCredits(promptTokens, completionTokens, modelPrices(model))));

  function prepared(
    model: ChatModel,
    messages: UpstreamMessage[],
    givenMaxTokens: number | undefined,
    request: Omit<UpstreamChatRequest, 'messages' | 'max_tokens'>,
    stream: boolean,
    streamUsage: boolean,
  ): PreparedChat {
    const chain = models.chain(model);
    const promptTokens = countPrompt({ ...request, messages });
    const maxTokens = givenMaxTokens ?? modelBudget(chain, promptTokens);
    const holdCredits = dearest(chain, promptTokens, maxTokens);
    return {
      model,
      chain,
      promptTokens,
      holdCredits,
      maxTokensSource: givenMaxTokens === undefined ? 'chosen' : 'given',
      neededCredits: givenMaxTokens === undefined ? dearest(chain, promptTokens, 1) : holdCredits,
      upstreamRequest: { ...request, messages, max_tokens: maxTokens },
      stream,
      streamUsage,
    };
  }

  /** `output` is what the model produced: its text, and the names and arguments of its tool calls. */
  function charge(preparedChat: PreparedChat, model: ChatModel, output: string, usage: UpstreamUsage | undefined): ChatCharge {
    const promptTokens = usage?.prompt_tokens ?? preparedChat.promptTokens;
    const completionTokens = usage?.completion_tokens ?? tokenizer.countText(output);
    return {
      promptTokens,
      completionTokens,
      credits: chatCredits({ promptTokens, completionTokens }, modelPrices(model)),
      usageSource: usage === undefined ? 'local' : 'upstream',
    };
  }

  /** Asks each model of the chain in turn until one answers; only failures before any output move on. */
  async function answer(preparedChat: PreparedChat, signal?: AbortSignal): Promise<UnsettledCompletion> {
    for (const [index, model] of preparedChat.chain.entries()) {
      let reply;
      try {
        reply = await upstreamOf(model).complete(preparedChat.upstreamRequest, signal);
      } catch (error) {
        if (worthAFallback(error) && index + 1 < preparedChat.chain.length && signal?.aborted !== true) continue;
        throw error;
      }
      const meta = newCompletionMeta(model.id);
      const toolText = (reply.toolCalls ?? []).map((call) => call.function.name + call.function.arguments).join('');
      const cost = charge(preparedChat, model, reply.content + toolText, reply.usage);
      return { charge: cost, text: reply.content, body: (settled) => completionBody(meta, reply, cost, settled) };
    }
    throw new UpstreamError('unavailable'); // an empty chain: never, a registry always has the model itself
  }

  return {
    models,
    countTokens: (text) => tokenizer.countText(text),

    fitBudget(preparedChat, balance) {
      if (preparedChat.maxTokensSource === 'given' || preparedChat.holdCredits <= balance) return preparedChat;
      const prices = preparedChat.chain.map(modelPrices);
      const affordable = Math.min(preparedChat.upstreamRequest.max_tokens, affordableCompletionTokens(preparedChat.promptTokens, balance, prices));
      if (affordable < 1) return undefined;
      return {
        ...preparedChat,
        holdCredits: dearest(preparedChat.chain, preparedChat.promptTokens, affordable),
        upstreamRequest: { ...preparedChat.upstreamRequest, max_tokens: affordable },
      };
    },

    prepare(body) {
      const messages = body.messages.map(({ role, content }) => ({ role, content }));
      refuseBlankConversation(messages);
      // The contract's own default (4096) counts as asked for: the contract route sends it as documented.
      return prepared(
        models.resolve(),
        messages,
        body.max_tokens ?? CHAT_LIMITS.defaultMaxTokens,
        { temperature: body.temperature ?? CHAT_LIMITS.defaultTemperature },
        body.stream === true,
        true,
      );
    },

    prepareTask(task) {
      // Quarry's tasks want the model's most likely reading of the sources, not its invention.
      const request = { temperature: 0, ...(task.responseFormat === undefined ? {} : { response_format: task.responseFormat }) };
      return prepared(models.resolve(task.model), task.messages, task.maxTokens, request, task.stream === true, true);
    },

    prepareOpenAI(body) {
      const model = models.resolve(body.model ?? undefined);
      const { messages, fields } = readOpenAIRequest(body, model);
      const tooLong = tooLongContentErrors(messages);
      if (tooLong !== undefined) throw new InvalidInputError(tooLong);
      refuseBlankConversation(messages);
      return prepared(
        model,
        messages,
        body.max_completion_tokens ?? body.max_tokens ?? undefined,
        { temperature: body.temperature ?? CHAT_LIMITS.defaultTemperature, ...fields },
        body.stream === true,
        body.stream_options?.include_usage === true,
      );
    },

    async complete(preparedChat, hooks) {
      const finished = await answer(preparedChat, hooks.signal);
      return finished.body(await hooks.settle(finished.charge));
    },

    answer,

    async startStream(preparedChat, hooks) {
      for (const [index, model] of preparedChat.chain.entries()) {
        const deltas = upstreamOf(model).stream(preparedChat.upstreamRequest, hooks.signal)[Symbol.asyncIterator]();
        let first: IteratorResult<UpstreamDelta>;
        try {
          first = await deltas.next();
        } catch (error) {
          if (worthAFallback(error) && index + 1 < preparedChat.chain.length && hooks.signal?.aborted !== true) continue;
          throw error;
        }
        return streamEvents(preparedChat, model, hooks, deltas, first);
      }
      throw new UpstreamError('unavailable'); // an empty chain: never, a registry always has the model itself
    },
  };

  async function* streamEvents(
    preparedChat: PreparedChat,
    model: ChatModel,
    hooks: ChatCallHooks,
    deltas: AsyncIterator<UpstreamDelta>,
    first: IteratorResult<UpstreamDelta>,
  ): AsyncGenerator<string> {
    const chunks = chunkBuilder(newCompletionMeta(model.id), preparedChat.streamUsage);
    // What the model produced (text, tool-call names and arguments): the local count of a charge without usage.
    let content = '';
    let finishReason = 'stop';
    let usage: UpstreamUsage | undefined;
    let failure: unknown;
    let settling: Promise<{ cost: ChatCharge; settled: SettledCredits }> | undefined;
    const settleOnce = () => {
      if (settling === undefined) {
        const cost = charge(preparedChat, model, content, usage);
        settling = hooks.settle(cost).then((settled) => ({ cost, settled }));
      }
      return settling;
    };

    try {
      yield JSON.stringify(chunks.role());
      try {
        for (let step = first; step.done !== true; step = await deltas.next()) {
          const delta = step.value;
          if (delta.content !== undefined) {
            content += delta.content;
            yield JSON.stringify(chunks.content(delta.content));
          }
          if (delta.toolCalls !== undefined) {
            for (const piece of delta.toolCalls) content += (piece.function?.name ?? '') + (piece.function?.arguments ?? '');
            yield JSON.stringify(chunks.toolCalls(delta.toolCalls));
          }
          if (delta.finishReason !== undefined) finishReason = delta.finishReason;
          if (delta.usage !== undefined) usage = delta.usage;
        }
      } catch (error) {
        failure = error;
      }
      const { cost, settled } = await settleOnce();
      const usageChunk = () => JSON.stringify(chunks.usage(cost, settled));

      if (failure === undefined) {
        yield JSON.stringify(chunks.finish(finishReason));
        if (preparedChat.streamUsage) yield usageChunk();
        yield SSE_DONE;
      } else if (!(failure instanceof UpstreamError && failure.kind === 'aborted')) {
        if (preparedChat.streamUsage) yield usageChunk();
        yield errorEventData(failure);
      }
    } finally {
      if (settling === undefined) {
        // The consumer stopped early: stop the upstream, then charge what was produced.
        await deltas.return?.();
        await settleOnce();
      }
    }
  }
}

function tooLongContentErrors(messages: UpstreamMessage[]): FieldMessages | undefined {
  const errors: FieldMessages = {};
  messages.forEach((message, index) => {
    if (typeof message.content !== 'string') return; // parts were measured when read
    if (message.content.length > CHAT_LIMITS.maxContentChars && [...message.content].length > CHAT_LIMITS.maxContentChars) {
      errors[String(index)] = {
        content: [`Ensure this field has no more than ${CHAT_LIMITS.maxContentChars} characters.`],
      };
    }
  });
  return Object.keys(errors).length === 0 ? undefined : { messages: errors };
}

/** A conversation of blank messages asks nothing: refused (400) before any hold, as DRF refuses a blank field. */
function refuseBlankConversation(messages: UpstreamMessage[]): void {
  const blank = (message: UpstreamMessage) =>
    message.tool_calls === undefined && (message.content === null || (typeof message.content === 'string' && message.content.trim() === ''));
  if (messages.every(blank)) {
    throw InvalidInputError.field('messages', 'The conversation is blank: at least one message must have content.');
  }
}

/**
 * The completion budget Quarry chooses when the client names none: each model's own
 * (`max_completion_tokens`), within what its context leaves after the prompt, for every model of
 * the chain (any of them may answer). A prompt that leaves no room is refused before any hold.
 */
function modelBudget(chain: readonly ChatModel[], promptTokens: number): number {
  const budget = Math.min(...chain.map((model) => Math.min(model.maxCompletionTokens, model.contextLength - promptTokens)));
  if (budget < 1) {
    const smallest = chain.reduce((least, model) => (model.contextLength < least.contextLength ? model : least));
    throw InvalidInputError.field(
      'messages',
      `The conversation is about ${promptTokens} tokens: no room is left for an answer in the context of model '${smallest.id}' (${smallest.contextLength} tokens).`,
    );
  }
  return budget;
}
