/**
 * The process's one chat service (src/deps.ts): every model of `CHAT_MODELS_FILE` (or the one
 * model of `CHAT_UPSTREAM_URL`) with its upstream client. Chat completions, answers, JSON
 * extraction and summaries all ask the models through it, so they share each upstream's
 * connections and a model's price is the same whichever feature calls it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/index.js';
import { modelRegistryFromConfig, type ChatModelsConfig } from './models.js';
import { createChatService, type ChatService } from './service.js';
import { createTokenCounter } from './tokens.js';
import { createChatUpstream, type ChatUpstream, type ChatUpstreamOptions } from './upstream.js';

/** The settings the chat service reads. */
export type ChatServiceConfig = ChatModelsConfig &
  Pick<
    Config,
    | 'chatTimeoutMs'
    | 'chatFirstByteTimeoutMs'
    | 'chatMaxRetries'
    | 'chatRetryBaseDelayMs'
    | 'chatMaxRetryAfterMs'
    | 'chatUpstreamConnections'
    | 'chatTokenEncoding'
  >;

export interface BuiltChat {
  readonly service: ChatService;
  /** Closes every upstream's connections. */
  close(): Promise<void>;
}

/** The upstream client settings shared by every model. */
function upstreamSettings(config: ChatServiceConfig): Omit<ChatUpstreamOptions, 'baseUrl' | 'model'> {
  return {
    timeoutMs: config.chatTimeoutMs,
    firstByteTimeoutMs: config.chatFirstByteTimeoutMs,
    maxRetries: config.chatMaxRetries,
    retryBaseDelayMs: config.chatRetryBaseDelayMs,
    maxRetryAfterMs: config.chatMaxRetryAfterMs,
    connections: config.chatUpstreamConnections,
  };
}

/** The chat service, or undefined when no model is configured (every LLM feature then answers 503). */
export async function buildChatService(config: ChatServiceConfig, log: FastifyBaseLogger): Promise<BuiltChat | undefined> {
  const models = modelRegistryFromConfig(config);
  if (models === undefined) return undefined;
  const upstreams = new Map<string, ChatUpstream>();
  for (const model of models.list()) {
    const upstream = createChatUpstream({
      ...upstreamSettings(config),
      baseUrl: model.upstreamUrl,
      model: model.upstreamModel,
      ...(model.apiKey === undefined ? {} : { apiKey: model.apiKey }),
      // One warning per failed attempt, with what an operator needs and no secret.
      onFailure: (failure) => log.warn({ model: model.id, ...failure }, 'chat upstream failed'),
    });
    upstreams.set(model.id, upstream);
  }
  const service = createChatService({
    tokenizer: await createTokenCounter({ encoding: config.chatTokenEncoding }),
    models,
    upstreamOf: (model) => upstreams.get(model.id)!,
  });
  return {
    service,
    async close() {
      await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
    },
  };
}
