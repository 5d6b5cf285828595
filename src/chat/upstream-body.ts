import type { Dispatcher } from 'undici';
import { UpstreamError } from './errors.js';

/** Reading the upstream's answers: bounded bodies, and error bodies read only for their code. */

const ERROR_BODY_BYTES = 64 * 1024;

export function isJsonResponse(headers: Dispatcher.ResponseData['headers']): boolean {
  const type = headers['content-type'];
  return (Array.isArray(type) ? type[0] : type)?.toLowerCase().startsWith('application/json') ?? false;
}

export async function readBody(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) throw new UpstreamError('unavailable');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How much of an error body the operator's log shows. */
const EXCERPT_BYTES = 500;

/** An error answer's body: its JSON (for the machine code only, never shown to clients) and its first bytes (for the log). */
export interface ErrorBody {
  readonly payload: unknown;
  readonly excerpt: string;
}

/** The error body, if small; `payload` is undefined when it is not JSON. */
export async function readErrorBody(body: Dispatcher.ResponseData['body']): Promise<ErrorBody> {
  let text: string;
  try {
    text = await readBody(body, ERROR_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    body.destroy();
    return { payload: undefined, excerpt: '(larger than 64 KiB, not read)' };
  }
  const excerpt = Buffer.from(text, 'utf8').subarray(0, EXCERPT_BYTES).toString('utf8');
  try {
    return { payload: JSON.parse(text), excerpt };
  } catch {
    return { payload: undefined, excerpt };
  }
}
