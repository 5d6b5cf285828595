// The chat module's public surface, for the composition root and the chat routes.
export { chatErrorMapper } from './error-map.js';
export { ChatConfigError, ChatNotConfiguredError, UpstreamError, upstreamErrorStatus, type UpstreamErrorKind } from './errors.js';
export { assertValidPrices, chatCredits, worstCaseCredits, type ChatPrices, type TokenUsage } from './pricing.js';
export { CHAT_LIMITS, ChatCompletionChunk, ChatCompletionResponse, ChatMessage, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
export {
  createChatService,
  type ChatCallHooks,
  type ChatCharge,
  type ChatService,
  type ChatServiceOptions,
  type ChatTask,
  type PreparedChat,
  type SettleChat,
  type SettledCredits,
} from './service.js';
export { createSseWriter, pipeSse, type SseWriter, type SseWriterOptions } from './sse-writer.js';
export { createTokenCounter, type TokenCounter, type TokenCounterOptions, type TokenEncodingName } from './tokens.js';
export {
  createChatUpstream,
  type ChatUpstream,
  type ChatUpstreamOptions,
  type UpstreamChatRequest,
  type UpstreamMessage,
  type UpstreamCompletion,
  type UpstreamDelta,
} from './upstream.js';
