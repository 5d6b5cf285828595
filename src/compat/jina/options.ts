/**
 * Jina Reader's request options (headers, and the POST body's camelCase equivalents) as Quarry
 * understands them. Options that would change the page Jina returns and that Quarry cannot honour
 * are refused with Jina's `ParamValidationError`, never ignored.
 */
import { CompatError } from '../compat-error.js';

/** `html` is the page body without scripts and styles (the scrape's cleaned HTML, as Firecrawl's `html` format). */
export type ReaderMode = 'markdown' | 'text' | 'html';

export interface ReaderOptions {
  readonly mode: ReaderMode;
  readonly json: boolean;
  readonly noCache: boolean;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** Headers (lower case) whose effect Quarry cannot give. `x-md-*` Turndown options are refused too. */
const UNSUPPORTED_HEADERS = [
  'x-target-selector',
  'x-remove-selector',
  'x-wait-for-selector',
  'x-with-links-summary',
  'x-with-images-summary',
  'x-with-generated-alt',
  'x-retain-images',
  'x-retain-links',
  'x-set-cookie',
  'x-proxy-url',
  'x-proxy',
  'x-user-agent',
  'x-locale',
  'x-referer',
  'x-with-iframe',
  'x-with-shadow-dom',
  'x-keep-img-data-url',
  'x-remove-overlay',
  'x-no-gfm',
  'x-token-budget',
  'x-max-tokens',
  'x-markdown-chunking',
  'x-base',
  'x-respond-timing',
  'x-robots-txt',
  'x-engine',
];

function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value.join(',') : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

function invalid(message: string): CompatError {
  return new CompatError(400, message);
}

/** `Accept: application/json` (or `text/json`) without `text/plain` asks for the JSON envelope. */
export function wantsJson(accept: string | undefined): boolean {
  const value = (accept ?? '').toLowerCase();
  return /(application|text)\/json/.test(value) && !value.includes('text/plain');
}

/** Errors come as plain text only to a client that accepts text but not JSON (or anything). */
export function errorsAsText(accept: string | undefined): boolean {
  const value = (accept ?? '*/*').toLowerCase();
  return /text\/(plain|markdown)/.test(value) && !/json|\*\/\*/.test(value);
}

/** The options of one Reader request, from its headers and (POST) body fields. */
export function readerOptions(headers: Headers, body: Readonly<Record<string, unknown>> = {}): ReaderOptions {
  for (const name of Object.keys(headers)) {
    if (UNSUPPORTED_HEADERS.includes(name) || name.startsWith('x-md-')) throw invalid(`${name} is not supported by this server`);
  }
  const bodyFormat = typeof body.respondWith === 'string' ? body.respondWith : typeof body.returnFormat === 'string' ? body.returnFormat : undefined;
  const format = (headerValue(headers, 'x-respond-with') ?? headerValue(headers, 'x-return-format') ?? bodyFormat ?? 'content').toLowerCase();
  let mode: ReaderMode;
  switch (format) {
    case 'content':
    case 'markdown':
      mode = 'markdown';
      break;
    case 'text':
    case 'html':
      mode = format;
      break;
    default:
      throw invalid(`X-Return-Format must be markdown, text or html, got "${format}"`);
  }
  const tolerance = headerValue(headers, 'x-cache-tolerance');
  if (tolerance !== undefined && !/^\d+$/.test(tolerance)) throw invalid('X-Cache-Tolerance must be a whole number of seconds');
  const noCache = headerValue(headers, 'x-no-cache') !== undefined || body.noCache === true || tolerance === '0' || headerValue(headers, 'dnt') === '1';
  return { mode, json: wantsJson(typeof headers.accept === 'string' ? headers.accept : undefined), noCache };
}

/**
 * The target of `GET /r/<url>`: the rest of the path and the query string, URI-decoded; a missing
 * scheme becomes `https://` and a doubled one is repaired, as Jina does.
 */
export function targetFromPath(rawUrl: string, prefix: string): string {
  let target = rawUrl.slice(prefix.length);
  try {
    target = decodeURIComponent(target);
  } catch {
    throw invalid('The URL in the path is not valid percent-encoding');
  }
  // A proxy may have merged the slashes of the scheme; a client may have doubled the scheme.
  target = target.replace(/^(https?:)\/(?!\/)/i, '$1//').replace(/^(https?:\/\/)+(https?:\/\/)/i, '$2');
  if (target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target)) target = `https://${target.replace(/^\/+/, '')}`;
  return target;
}
