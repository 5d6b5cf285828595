/**
 * Quarry's REST API as a remote client calls it, with the client's API key: the MCP stdio server
 * (`quarry mcp`) reaches a running Quarry this way. Every surface of the server itself runs the
 * use cases in process (src/use-cases/); none calls another surface.
 */
import { CompatError } from './compat-error.js';
import { errorText } from './error-text.js';

/** Quarry's answer to one REST call. */
export interface RestAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Response headers, lower-case names (`x-cache`, `x-credits-used`, `retry-after`…). */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export interface QuarryRest {
  /** `headers` are added to the call's own (an `accept` among them replaces the JSON one). */
  post(path: string, apiKey: string, body: unknown, headers?: Readonly<Record<string, string>>): Promise<RestAnswer>;
  get(path: string, apiKey: string): Promise<RestAnswer>;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A non-JSON answer (never sent by the metered endpoints) is kept as text for the error message.
    return text;
  }
}

function headerRecord(entries: Iterable<[string, unknown]>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of entries) out[name.toLowerCase()] = value === undefined ? undefined : String(value);
  return out;
}

/** Calls a Quarry server over HTTP (`baseUrl` like `https://quarry.example.com`). */
export function httpRest(baseUrl: string, fetchImpl: typeof fetch = fetch): QuarryRest {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(method: 'GET' | 'POST', path: string, apiKey: string, body?: unknown, extra: Readonly<Record<string, string>> = {}): Promise<RestAnswer> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      // Told to the client like any other refusal, not as a protocol failure.
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new CompatError(503, `Quarry at ${base} could not be reached: ${cause}`);
    }
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => headers.push([name, value]));
    return { status: res.status, body: parseBody(await res.text()), headers: headerRecord(headers) };
  }
  return {
    post: (path, apiKey, body, headers) => call('POST', path, apiKey, body, headers),
    get: (path, apiKey) => call('GET', path, apiKey),
  };
}

/** The key of a request's `Authorization: Bearer <key>` header, if it has one. */
export function bearerKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1];
}

/** A refusal of the remote Quarry, with its status, its message (the one DRF flattener) and `Retry-After`. */
export function restRefusal(answer: RestAnswer): CompatError {
  const retryAfter = answer.headers['retry-after'];
  const message = errorText(answer.body, `Quarry answered ${answer.status}.`);
  return new CompatError(answer.status, message, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
}
