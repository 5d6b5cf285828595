/**
 * Where a job's events go, as the job was started with it: a URL, extra headers, metadata echoed
 * in every payload, and the events wanted. Checked when the job starts (so a bad one is a 400,
 * never a delivery that can only fail), and bounded: it is stored with every delivery.
 */
import { parseTargetUrl } from '../scrape/net/index.js';

export interface WebhookTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The short names wanted (`started`, `page`, `completed`, `failed`); undefined: every event. */
  readonly events?: readonly string[];
}

/** Why a webhook was refused; the surface words it as its own 400. */
export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

const MAX_URL_LENGTH = 2048;
const MAX_HEADERS = 20;
const MAX_HEADER_VALUE = 1024;
const MAX_METADATA_BYTES = 4096;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** Headers the delivery sets itself, or that only the HTTP client may set. */
const RESERVED = /^(?:host|content-type|content-length|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|x-quarry-.*|x-firecrawl-signature)$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a webhook's parts; `events` is checked against `knownEvents` (short names). */
export function checkWebhookTarget(
  input: { url: unknown; headers?: unknown; metadata?: unknown; events?: unknown },
  knownEvents: readonly string[],
): WebhookTarget {
  if (typeof input.url !== 'string' || input.url.length > MAX_URL_LENGTH)
    throw new InvalidWebhookError(`webhook.url must be a URL of at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = parseTargetUrl(input.url);
  } catch (error) {
    throw new InvalidWebhookError(`webhook.url: ${(error as Error).message}`);
  }
  if (url.username !== '' || url.password !== '') throw new InvalidWebhookError('webhook.url must not carry credentials; use webhook.headers');
  const headers = checkHeaders(input.headers);
  const metadata = input.metadata ?? {};
  if (!isRecord(metadata)) throw new InvalidWebhookError('webhook.metadata must be an object');
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) throw new InvalidWebhookError(`webhook.metadata: at most ${MAX_METADATA_BYTES} bytes`);
  let events: string[] | undefined;
  if (input.events !== undefined) {
    if (!Array.isArray(input.events) || input.events.some((event) => typeof event !== 'string' || !knownEvents.includes(event))) {
      throw new InvalidWebhookError(`webhook.events: each one of ${knownEvents.map((event) => `"${event}"`).join(', ')}`);
    }
    events = [...new Set(input.events as string[])];
  }
  return { url: url.href, headers, metadata, ...(events === undefined ? {} : { events }) };
}

function checkHeaders(raw: unknown): Record<string, string> {
  if (raw === undefined) return {};
  if (!isRecord(raw)) throw new InvalidWebhookError('webhook.headers must be an object of strings');
  const entries = Object.entries(raw);
  if (entries.length > MAX_HEADERS) throw new InvalidWebhookError(`webhook.headers: at most ${MAX_HEADERS}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) throw new InvalidWebhookError(`webhook.headers: "${name.slice(0, 64)}" is not a header name`);
    if (RESERVED.test(name)) throw new InvalidWebhookError(`webhook.headers: "${name}" is set by the delivery itself`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || /[\r\n\0]/.test(value)) {
      throw new InvalidWebhookError(`webhook.headers.${name}: a string of at most ${MAX_HEADER_VALUE} characters on one line`);
    }
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** Whether the target asked for this event (short name). */
export const wants = (target: WebhookTarget, event: string) => target.events === undefined || target.events.includes(event);
