/** How a fetched body is turned into content. */
export type ContentKind = 'html' | 'xml' | 'pdf' | 'text' | 'markdown';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const XML_TYPES = new Set(['text/xml', 'application/xml']);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);
/** Servers that know no Markdown type send `.md` files as plain text or untyped. */
const MARKDOWN_PATH = /\.(md|markdown|mdown|mkd)$/i;
/** Textual types outside `text/*` that read fine as they are. */
const TEXT_TYPES = new Set(['application/json', 'application/ld+json', 'application/javascript', 'application/ecmascript', 'application/x-javascript']);
/** Sent by servers that do not know what they serve; the bytes decide. */
const UNKNOWN_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/unknown']);

const PDF_MAGIC = Buffer.from('%PDF-');
const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|title|meta)\b/i;
const XML_START = /^\s*<\?xml\b/i;

/**
 * What kind of document a response is, from its declared MIME type (without parameters),
 * sniffing the bytes only when the type is missing or says nothing. Undefined for
 * anything we cannot turn into text (images, media, archives, fonts…). A plain-text body at a
 * `.md` address (`url`, the final URL) is Markdown.
 */
export function classifyContent(mimeType: string | undefined, body: Buffer, url?: string): ContentKind | undefined {
  const kind = classifyByType(mimeType, body);
  const typedAsPlain = mimeType === undefined || mimeType === 'text/plain' || UNKNOWN_TYPES.has(mimeType);
  if (kind === 'text' && typedAsPlain && url !== undefined && MARKDOWN_PATH.test(pathOf(url))) return 'markdown';
  return kind;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

function classifyByType(mimeType: string | undefined, body: Buffer): ContentKind | undefined {
  if (mimeType !== undefined && !UNKNOWN_TYPES.has(mimeType)) {
    if (MARKDOWN_TYPES.has(mimeType)) return 'markdown';
    if (HTML_TYPES.has(mimeType)) return 'html';
    if (mimeType === 'application/pdf') return 'pdf';
    if (XML_TYPES.has(mimeType) || mimeType.endsWith('+xml')) return isHtmlDocument(body) ? 'html' : 'xml';
    if (mimeType.startsWith('text/') || TEXT_TYPES.has(mimeType) || mimeType.endsWith('+json')) return 'text';
    return undefined;
  }
  return sniff(body);
}

function sniff(body: Buffer): ContentKind | undefined {
  if (body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (!looksLikeText(body)) return undefined;
  if (isHtmlDocument(body)) return 'html';
  return XML_START.test(head(body)) ? 'xml' : 'text';
}

/** An XML document whose root is `<html>` (XHTML served as XML) reads as a web page. */
function isHtmlDocument(body: Buffer): boolean {
  const start = head(body)
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '');
  return HTML_START.test(start);
}

function head(body: Buffer): string {
  return body.subarray(0, 1024).toString('latin1');
}

/** No control bytes other than whitespace in the first kilobyte (byte-order marks pass). */
function looksLikeText(body: Buffer): boolean {
  if ((body[0] === 0xfe && body[1] === 0xff) || (body[0] === 0xff && body[1] === 0xfe)) return true;
  return !body.subarray(0, 1024).some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b));
}
