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

/** The error body, if small and JSON; used only for its machine code, never shown. */
export async function readErrorPayload(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  try {
    return JSON.parse(await readBody(body, ERROR_BODY_BYTES));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof UpstreamError) {
      body.destroy();
      return undefined;
    }
    throw error;
  }
}
