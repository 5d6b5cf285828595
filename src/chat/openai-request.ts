/**
 * An OpenAI Chat Completions body, validated by its schema, turned into the upstream request:
 * every field is honoured (passed on, or acted on) or refused with a 400 naming it. The rules
 * JSON Schema cannot say well are here: which message fields go with which role, tool results
 * answering an earlier tool call, sizes of tool definitions, the model's capabilities.
 */
import { refuseUnsupportedParts, type ModelCapabilities } from './capabilities.js';
import { CHAT_LIMITS } from './limits.js';
import { OPENAI_LIMITS, type OpenAIChatMessage, type OpenAIChatRequestBody, type OpenAIContentPart } from './openai-request-schema.js';
import { refuseField, type FieldPath } from './refusal.js';
import type { UpstreamChatRequest, UpstreamContentPart, UpstreamMessage } from './upstream.js';

/** The upstream request, less the two fields every surface sets the same way. */
export type OpenAIUpstreamFields = Omit<UpstreamChatRequest, 'messages' | 'max_tokens' | 'temperature'>;

export interface ReadOpenAIRequest {
  messages: UpstreamMessage[];
  fields: OpenAIUpstreamFields;
}

/**
 * OpenAI request fields Quarry declares but does not honour, and the one value of each that asks
 * for nothing (null is always "not given"). Anything else is refused, with why.
 */
const REFUSED_FIELDS: Record<string, { harmless?: (value: unknown) => boolean; why: string }> = {
  logprobs: { harmless: (value) => value === false, why: 'Log probabilities are not relayed; leave logprobs unset or false.' },
  top_logprobs: { why: 'Log probabilities are not relayed.' },
  store: { harmless: (value) => value === false, why: 'Stored completions are not offered; leave store unset or false.' },
  metadata: { why: 'Stored completions are not offered, so there is nothing to tag with metadata.' },
  modalities: {
    harmless: (value) => Array.isArray(value) && value.every((modality) => modality === 'text'),
    why: 'Only text output is offered: modalities may only be ["text"].',
  },
  audio: { why: 'Audio output is not offered.' },
  prediction: { why: 'Predicted outputs are not offered.' },
  service_tier: { why: "The upstream's service tier is part of the model and its price; it cannot be chosen per request." },
  web_search_options: { why: "Web search is not offered through chat; use Quarry's search endpoints." },
  functions: { why: 'Deprecated by OpenAI: send `tools` instead.' },
  function_call: { why: 'Deprecated by OpenAI: send `tool_choice` instead.' },
};

/** Fields passed to the upstream exactly as given (after the schema's bounds). */
const PASSED_AS_GIVEN = [
  'top_p',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'seed',
  'user',
  'safety_identifier',
  'prompt_cache_key',
  'reasoning_effort',
  'verbosity',
  'tool_choice',
  'parallel_tool_calls',
] as const satisfies ReadonlyArray<keyof OpenAIChatRequestBody & keyof OpenAIUpstreamFields>;

export function readOpenAIRequest(body: OpenAIChatRequestBody, model: ModelCapabilities): ReadOpenAIRequest {
  refuseDeclaredButRefused(body);
  refuseUnsupportedParts(body, model);
  checkTools(body);
  checkResponseFormat(body.response_format);
  const messages = readConversation(body.messages);

  const fields: Record<string, unknown> = {};
  for (const name of PASSED_AS_GIVEN) {
    const value = body[name];
    if (value !== undefined && value !== null) fields[name] = value;
  }
  if (body.tools !== undefined && body.tools !== null && body.tools.length > 0) fields.tools = body.tools;
  if (body.response_format !== undefined && body.response_format !== null) fields.response_format = body.response_format;
  return { messages, fields: fields as OpenAIUpstreamFields };
}

/** Refuses a declared field Quarry does not honour (see `REFUSED_FIELDS`), naming it. */
export function refuseDeclaredButRefused(body: OpenAIChatRequestBody): void {
  for (const [name, rule] of Object.entries(REFUSED_FIELDS)) {
    const value: unknown = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null || rule.harmless?.(value) === true) continue;
    throw refuseField([name], rule.why);
  }
}

function checkTools(body: OpenAIChatRequestBody): void {
  const tools = body.tools ?? [];
  const names = new Set<string>();
  let totalChars = 0;
  tools.forEach((tool, index) => {
    if (names.has(tool.function.name)) throw refuseField(['tools', index, 'function', 'name'], `The tool name '${tool.function.name}' is given twice.`);
    names.add(tool.function.name);
    const chars = JSON.stringify(tool).length;
    if (chars > OPENAI_LIMITS.maxToolChars) {
      throw refuseField(['tools', index], `Ensure this tool has no more than ${OPENAI_LIMITS.maxToolChars} characters as JSON.`);
    }
    totalChars += chars;
  });
  if (totalChars > OPENAI_LIMITS.maxToolsChars) {
    throw refuseField(['tools'], `Ensure the tools have no more than ${OPENAI_LIMITS.maxToolsChars} characters as JSON together.`);
  }
  const choice = body.tool_choice;
  if (choice !== undefined && choice !== null) {
    if (tools.length === 0) throw refuseField(['tool_choice'], 'tool_choice is only allowed when tools are given.');
    if (typeof choice === 'object' && !names.has(choice.function.name)) {
      throw refuseField(['tool_choice', 'function', 'name'], `No tool is named '${choice.function.name}'.`);
    }
  }
  if (body.parallel_tool_calls !== undefined && body.parallel_tool_calls !== null && tools.length === 0) {
    throw refuseField(['parallel_tool_calls'], 'parallel_tool_calls is only allowed when tools are given.');
  }
}

function checkResponseFormat(format: OpenAIChatRequestBody['response_format']): void {
  if (format === undefined || format === null) return;
  if (format.type !== 'json_schema') {
    if (format.json_schema !== undefined) throw refuseField(['response_format', 'json_schema'], 'json_schema goes only with type "json_schema".');
    return;
  }
  if (format.json_schema === undefined) throw refuseField(['response_format', 'json_schema'], 'This field is required.');
  if (JSON.stringify(format.json_schema).length > OPENAI_LIMITS.maxResponseSchemaChars) {
    throw refuseField(['response_format', 'json_schema'], `Ensure the schema has no more than ${OPENAI_LIMITS.maxResponseSchemaChars} characters as JSON.`);
  }
}

/** Each message checked for its role and turned into the upstream's; tool results must answer an earlier call. */
function readConversation(messages: readonly OpenAIChatMessage[]): UpstreamMessage[] {
  const calledIds = new Set<string>();
  return messages.map((message, index) => {
    const at = (...rest: Array<string | number>): FieldPath => ['messages', index, ...rest];
    const upstream = readMessage(message, at);
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) calledIds.add(call.id);
    if (message.role === 'tool' && !calledIds.has(message.tool_call_id ?? '')) {
      throw refuseField(at('tool_call_id'), 'A tool message must answer a tool call of an earlier assistant message.');
    }
    return upstream;
  });
}

function readMessage(message: OpenAIChatMessage, at: (...rest: Array<string | number>) => FieldPath): UpstreamMessage {
  const { role } = message;
  const only = (field: 'tool_calls' | 'tool_call_id' | 'refusal' | 'name', allowed: boolean) => {
    if (!allowed && message[field] !== undefined && message[field] !== null) throw refuseField(at(field), `This field is not allowed in a ${role} message.`);
  };
  only('tool_calls', role === 'assistant');
  only('refusal', role === 'assistant');
  only('tool_call_id', role === 'tool');
  only('name', role !== 'tool');
  if (role === 'tool' && message.tool_call_id === undefined) throw refuseField(at('tool_call_id'), 'This field is required.');

  const toolCalls =
    message.tool_calls !== undefined && message.tool_calls.length > 0
      ? message.tool_calls.map(({ id, type, function: { name, arguments: args } }) => ({ id, type, function: { name, arguments: args } }))
      : undefined;
  const content = readContent(message, at, toolCalls !== undefined);
  return {
    role: role === 'developer' ? 'system' : role,
    content,
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
    ...(message.tool_call_id === undefined ? {} : { tool_call_id: message.tool_call_id }),
    ...(typeof message.refusal === 'string' ? { refusal: message.refusal } : {}),
  };
}

/** Text parts are joined into one string (what every upstream takes); parts holding an image go as parts. */
function readContent(message: OpenAIChatMessage, at: (...rest: Array<string | number>) => FieldPath, hasToolCalls: boolean): UpstreamMessage['content'] {
  const { content } = message;
  if (content === undefined || content === null) {
    if (message.role === 'assistant' && hasToolCalls) return null;
    throw refuseField(at('content'), message.role === 'assistant' ? 'Content is required unless the message has tool_calls.' : 'This field is required.');
  }
  if (typeof content === 'string') return content;
  const parts = content.map((part, partIndex) => readPart(part, message.role === 'user', at('content', partIndex)));
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  if ([...text].length > CHAT_LIMITS.maxContentChars) {
    throw refuseField(at('content'), `Ensure this field has no more than ${CHAT_LIMITS.maxContentChars} characters.`);
  }
  return parts.some((part) => part.type === 'image_url') ? parts : parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function readPart(part: OpenAIContentPart, imagesAllowed: boolean, at: FieldPath): UpstreamContentPart {
  if (part.type === 'text' && part.text !== undefined && part.image_url === undefined) return { type: 'text', text: part.text };
  if (part.type === 'image_url' && part.image_url !== undefined && part.text === undefined) {
    if (!imagesAllowed) throw refuseField(at, 'Image parts are allowed only in user messages.');
    if (!/^(https?:|data:image\/)/i.test(part.image_url.url)) {
      throw refuseField([...at, 'image_url', 'url'], 'Enter an http(s) URL or a data:image/… URL.');
    }
    return { type: 'image_url', image_url: part.image_url };
  }
  if (part.type === 'text' || part.type === 'image_url') {
    throw refuseField(at, `A ${part.type} part carries exactly its own field: ${part.type === 'text' ? 'text' : 'image_url'}.`);
  }
  throw refuseField([...at, 'type'], `Parts of type '${part.type}' are not accepted; use text or image_url parts.`);
}
