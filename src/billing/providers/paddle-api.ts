import { request, type Dispatcher } from 'undici';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema, Static } from '@sinclair/typebox';
import { ProviderRejectedError, ProviderUnavailableError } from '../errors.js';

/**
 * A minimal Paddle Billing API client: bearer auth, version pin, `{data, meta}` envelopes
 * and `{error: {type, code, detail, documentation_url}}` error envelopes.
 *
 * The API key lives only in this closure and in the Authorization header; no error built here
 * includes headers, so it cannot leak through messages or logs.
 */
export interface PaddleApi {
  get<T extends TSchema>(path: string, data: TypeCheck<T>): Promise<Static<T>>;
  post<T extends TSchema>(path: string, body: unknown, data: TypeCheck<T>): Promise<Static<T>>;
}

export interface PaddleApiOptions {
  readonly apiUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly dispatcher?: Dispatcher;
}

/** The API version this client is written against (header `Paddle-Version`). */
const PADDLE_VERSION = '1';

export function createPaddleApi(options: PaddleApiOptions): PaddleApi {
  const base = options.apiUrl.replace(/\/+$/, '');
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    'paddle-version': PADDLE_VERSION,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  async function call<T extends TSchema>(method: 'GET' | 'POST', path: string, body: unknown, data: TypeCheck<T>): Promise<Static<T>> {
    const operation = `${method} ${path.split('?')[0]}`;
    let status: number;
    let text: string;
    try {
      const response = await request(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderUnavailableError(
        timedOut ? `Paddle did not answer ${operation} within ${options.timeoutMs} ms.` : `Paddle could not be reached for ${operation}.`,
        undefined,
        undefined,
        { cause: error },
      );
    }

    const envelope = parseJson(text);
    const requestId = readRequestId(envelope);
    if (status >= 200 && status < 300) {
      const payload = isRecord(envelope) ? envelope['data'] : undefined;
      if (!data.Check(payload)) {
        throw new ProviderUnavailableError(`Paddle answered ${operation} with an unexpected body.`, status, requestId);
      }
      return payload;
    }
    // 429 is Paddle's rate limit: a passing condition on the provider side, like a 5xx.
    if (status >= 500 || status === 429) {
      throw new ProviderUnavailableError(`Paddle answered ${operation} with HTTP ${status}.`, status, requestId);
    }
    const error = readError(envelope);
    throw new ProviderRejectedError(status, error.code, error.detail, requestId);
  }

  return {
    get: (path, data) => call('GET', path, undefined, data),
    post: (path, body, data) => call('POST', path, body, data),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRequestId(envelope: unknown): string | undefined {
  const meta = isRecord(envelope) ? envelope['meta'] : undefined;
  const id = isRecord(meta) ? meta['request_id'] : undefined;
  return typeof id === 'string' ? id : undefined;
}

function readError(envelope: unknown): { code: string; detail: string } {
  const error = isRecord(envelope) ? envelope['error'] : undefined;
  if (!isRecord(error)) return { code: 'unknown', detail: 'Paddle answered without an error envelope.' };
  const code = typeof error['code'] === 'string' ? error['code'] : 'unknown';
  const detail = typeof error['detail'] === 'string' ? error['detail'] : '';
  return { code, detail };
}
