import type { OpenAIChatRequestBody } from './openai-request-schema.js';
import { refuseField } from './refusal.js';

/** What a model can take besides text. Comes from the model's configuration. */
export interface ModelCapabilities {
  /** The model name clients see (named in refusals). */
  readonly id: string;
  /** Takes `image_url` parts in user messages. */
  readonly acceptsImages: boolean;
  /** Takes `tools`, and conversations holding tool calls and tool results. */
  readonly acceptsTools: boolean;
}

/**
 * Refuses (400, naming the model and the field) a request that holds what the model cannot take:
 * image parts for a model without vision, tools for a model without function calling. Checked
 * before any hold, so such a request costs nothing. Image URLs are only looked at, never fetched.
 */
export function refuseUnsupportedParts(request: Pick<OpenAIChatRequestBody, 'messages' | 'tools'>, model: ModelCapabilities): void {
  if (!model.acceptsTools && request.tools !== undefined && request.tools !== null && request.tools.length > 0) {
    throw refuseField(['tools'], `The model '${model.id}' does not accept tools.`);
  }
  request.messages.forEach((message, index) => {
    if (!model.acceptsTools && (message.role === 'tool' || (message.tool_calls?.length ?? 0) > 0)) {
      throw refuseField(['messages', index, message.role === 'tool' ? 'role' : 'tool_calls'], `The model '${model.id}' does not accept tools.`);
    }
    if (model.acceptsImages || !Array.isArray(message.content)) return;
    const image = message.content.findIndex((part) => part.type === 'image_url');
    if (image !== -1) throw refuseField(['messages', index, 'content', image], `The model '${model.id}' does not accept images.`);
  });
}
