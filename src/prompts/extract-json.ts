/**
 * The JSON extraction prompt: one page's content, and the caller's schema and/or instructions; the
 * reply must be one JSON object. The schema is in the prompt itself, not only in `response_format`:
 * many OpenAI-compatible servers (Ollama, vLLM, llama.cpp, older gateways) ignore or refuse
 * `json_schema` response formats, so the prompt must be enough on its own. The retry shows the
 * model its own reply and names what failed validation.
 */
import type { UpstreamMessage } from '../chat/index.js';
import { pageBlock, UNTRUSTED_PAGE, type PromptPage } from './page.js';

export const EXTRACT_JSON_PROMPT_VERSION = 1;

export interface ExtractJsonRequest {
  /** A JSON Schema the reply must validate against. */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** What to extract, in the caller's words. */
  readonly prompt?: string;
}

const SYSTEM = [
  'You extract structured data from a web page.',
  'Reply with exactly one JSON object and nothing else: no prose, no Markdown code fence.',
  'Take values from the page only. When the page does not give a value, leave it out, or use null where the schema allows it.',
  UNTRUSTED_PAGE,
].join('\n');

export function extractJsonMessages(page: PromptPage, request: ExtractJsonRequest): UpstreamMessage[] {
  const parts = [pageBlock(page)];
  if (request.schema !== undefined) parts.push(`The JSON object must validate against this JSON Schema:\n${JSON.stringify(request.schema, null, 2)}`);
  if (request.prompt !== undefined) parts.push(`What to extract: ${request.prompt}`);
  else parts.push('Extract the data the schema describes.');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: parts.join('\n\n---\n\n') },
  ];
}

/** The conversation asked once more: the model's reply, then what was wrong with it. */
export function extractJsonRetryMessages(first: readonly UpstreamMessage[], reply: string, problems: readonly string[]): UpstreamMessage[] {
  const listed = problems.map((problem) => `- ${problem}`).join('\n');
  return [
    ...first,
    { role: 'assistant', content: reply },
    {
      role: 'user',
      content: `Your reply did not validate:\n${listed}\n\nReply again with exactly one JSON object that fixes these errors, and nothing else.`,
    },
  ];
}
