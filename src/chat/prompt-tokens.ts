import { createHash } from 'node:crypto';
import type { TokenCounter } from './tokens.js';
import type { UpstreamChatRequest, UpstreamMessage } from './upstream.js';

/**
 * Prompt tokens of a whole upstream request by local count: the holds, and the charge when the
 * upstream reports no usage. Beyond the messages' text, the model reads (and the upstream bills)
 * tool definitions, tool calls and results, a `json_schema`, and images:
 * - tool definitions and a `json_schema` count as their JSON text (OpenAI renders them into the
 *   prompt in a terser form, so this errs on the side of holding a little more);
 * - an assistant's tool calls count their names and arguments; a tool result its text and call id;
 * - an image counts a fixed `IMAGE_TOKENS` (Quarry never fetches it, so its size is unknown).
 * For a plain conversation the count is exactly `countPrompt` of its messages.
 */
export const IMAGE_TOKENS = {
  /** OpenAI's flat price of a `detail: "low"` image. */
  low: 85,
  /** A 1024×1024 image at high detail (85 + 4 tiles × 170): the common case of `auto`/`high`. */
  other: 765,
} as const;

type CountedRequest = Pick<UpstreamChatRequest, 'messages' | 'tools' | 'response_format'>;

/** Distinct tool sets (and schemas) whose counts are remembered; agents send the same ones with every call. */
const REMEMBERED_DEFINITIONS = 1024;

/**
 * `countRequestPrompt` with the counts of tool definitions and `json_schema`s remembered by their
 * digest: tokenizing 20 KB of tool JSON takes over a millisecond, and an agent sends the same
 * tools with every call of its loop. The memory is bounded (oldest forgotten first).
 */
export function createPromptCounter(tokenizer: TokenCounter): (request: CountedRequest) => number {
  const counts = new Map<string, number>();
  const countDefinitions = (json: string): number => {
    const key = createHash('sha256').update(json).digest('base64');
    let count = counts.get(key);
    if (count === undefined) {
      count = tokenizer.countText(json);
      if (counts.size >= REMEMBERED_DEFINITIONS) counts.delete(counts.keys().next().value!);
      counts.set(key, count);
    }
    return count;
  };
  return (request) => countRequestPrompt(tokenizer, request, countDefinitions);
}

export function countRequestPrompt(
  tokenizer: TokenCounter,
  request: CountedRequest,
  countDefinitions: (json: string) => number = (json) => tokenizer.countText(json),
): number {
  let images = 0;
  const countable = request.messages.map((message) => {
    const { text, imageTokens } = readable(message);
    images += imageTokens;
    return { role: message.role, content: text };
  });
  let total = tokenizer.countPrompt(countable) + images;
  if (request.tools !== undefined && request.tools.length > 0) total += countDefinitions(JSON.stringify(request.tools));
  const schema = request.response_format?.json_schema;
  if (schema !== undefined) total += countDefinitions(JSON.stringify(schema));
  return total;
}

/** The text a message puts before the model, and the tokens of its images. */
function readable(message: UpstreamMessage): { text: string; imageTokens: number } {
  let imageTokens = 0;
  const pieces: string[] = [];
  if (typeof message.content === 'string') pieces.push(message.content);
  else if (message.content !== null) {
    for (const part of message.content) {
      if (part.type === 'text') pieces.push(part.text);
      else imageTokens += part.image_url.detail === 'low' ? IMAGE_TOKENS.low : IMAGE_TOKENS.other;
    }
  }
  if (message.name !== undefined) pieces.push(message.name);
  if (message.refusal !== undefined) pieces.push(message.refusal);
  if (message.tool_call_id !== undefined) pieces.push(message.tool_call_id);
  for (const call of message.tool_calls ?? []) pieces.push(call.function.name, call.function.arguments);
  return { text: pieces.length === 1 ? pieces[0]! : pieces.join('\n'), imageTokens };
}
