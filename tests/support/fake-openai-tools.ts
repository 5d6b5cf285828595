/**
 * Scripted answers of the fake upstream (fake-openai.ts) that call tools, in the exact wire format
 * of OpenAI: a whole `chat.completion` whose message has `tool_calls` and `content: null`, or a
 * stream whose chunks carry `delta.tool_calls` pieces (the first piece of each call with its id and
 * name, then the arguments in several pieces), ending with `finish_reason: "tool_calls"`.
 */
import type { ServerResponse } from 'node:http';
import { fakeUsage, fakeWords, type FakeScenario } from './fake-openai.js';

export interface ScriptedToolCall {
  id: string;
  name: string;
  /** The arguments as the model writes them: a JSON text. */
  arguments: string;
}

export interface ToolCallScriptOptions {
  /** Pieces each call's arguments are streamed in (default 3). */
  argumentPieces?: number;
  /** Text the model writes before its calls (default none: `content: null`). */
  content?: string;
}

const CREATED = 1_700_000_000;

/** The upstream answers with these tool calls, streamed or not as asked. */
export function toolCallScenario(calls: readonly ScriptedToolCall[], options: ToolCallScriptOptions = {}): FakeScenario {
  return {
    kind: 'script',
    answer: ({ body, stream }, res) => {
      const usage = fakeUsage((body ?? {}) as Parameters<typeof fakeUsage>[0], calls.map((call) => `${call.name} ${call.arguments}`).join(' '));
      if (stream) streamCalls(res, calls, options, usage, includeUsage(body));
      else answerCalls(res, calls, options, usage);
    },
  };
}

/** Cuts `text` into `count` pieces of about the same length (some may be empty for short texts). */
export function piecesOf(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces.length === 0 ? [''] : pieces;
}

function includeUsage(body: unknown): boolean {
  const options = (body as { stream_options?: { include_usage?: unknown } } | undefined)?.stream_options;
  return options?.include_usage === true;
}

function answerCalls(res: ServerResponse, calls: readonly ScriptedToolCall[], options: ToolCallScriptOptions, usage: object): void {
  const text = JSON.stringify({
    id: 'chatcmpl-faketools',
    object: 'chat.completion',
    created: CREATED,
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: options.content ?? null,
          refusal: null,
          tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage,
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function streamCalls(res: ServerResponse, calls: readonly ScriptedToolCall[], options: ToolCallScriptOptions, usage: object, withUsage: boolean): void {
  const chunk = (delta: object, finishReason: string | null) => ({
    id: 'chatcmpl-faketools',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: 'fake-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(withUsage ? { usage: null } : {}),
  });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const send = (payload: object) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  send(chunk({ role: 'assistant', content: null }, null));
  for (const word of fakeWords(options.content ?? '')) send(chunk({ content: word }, null));
  calls.forEach((call, index) => {
    send(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, null));
    for (const piece of piecesOf(call.arguments, options.argumentPieces ?? 3)) {
      send(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
    }
  });
  send(chunk({}, 'tool_calls'));
  if (withUsage) send({ ...chunk({}, null), choices: [], usage });
  res.end('data: [DONE]\n\n');
}
