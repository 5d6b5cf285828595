const PRESCAN_BYTES = 4096;

const TEXTUAL_APPLICATION_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/xhtml+xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/rss+xml',
  'application/atom+xml',
  'application/ld+json',
  'application/x-www-form-urlencoded',
]);

export interface ParsedContentType {
  /** Lower-case MIME essence, e.g. `text/html`. */
  mimeType: string;
  /** The `charset` parameter as sent, if any. */
  charset: string | undefined;
}

export function parseContentType(header: string | undefined): ParsedContentType | undefined {
  if (header === undefined) return undefined;
  const [essence = '', ...parameters] = header.split(';');
  const mimeType = essence.trim().toLowerCase();
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)) return undefined;
  let charset: string | undefined;
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter);
    if (match?.[1]) charset = match[1];
  }
  return { mimeType, charset };
}

/**
 * Whether a body is text we should decode. With a declared type we trust it;
 * without one we look for binary bytes in the first kilobyte, as browsers do.
 */
export function isTextual(mimeType: string | undefined, body: Buffer): boolean {
  if (mimeType !== undefined) {
    return mimeType.startsWith('text/') || TEXTUAL_APPLICATION_TYPES.has(mimeType) || mimeType.endsWith('+xml') || mimeType.endsWith('+json');
  }
  if (bomEncoding(body) !== undefined) return true;
  const head = body.subarray(0, 1024);
  return !head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b));
}

export interface DecodedText {
  text: string;
  /** The WHATWG name of the encoding used, e.g. `windows-1251`, `shift_jis`. */
  charset: string;
}

/**
 * Decodes a text body choosing the encoding as a browser would: byte order
 * mark, then the HTTP charset, then a `<meta>` (or XML declaration) in the
 * first 4 KB, else UTF-8. Labels the platform does not know are skipped.
 */
export function decodeText(body: Buffer, httpCharset: string | undefined): DecodedText {
  const encoding = bomEncoding(body) ?? supportedEncoding(httpCharset) ?? supportedEncoding(declaredInDocument(body)) ?? 'utf-8';
  const decoder = new TextDecoder(encoding);
  return { text: decoder.decode(body), charset: decoder.encoding };
}

function bomEncoding(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** Finds `<meta charset>`, `<meta http-equiv content="…charset=…">` or `<?xml encoding>` near the start. */
function declaredInDocument(body: Buffer): string | undefined {
  // latin1 maps bytes 1:1, so ASCII markup is readable whatever the real encoding.
  const head = body
    .subarray(0, PRESCAN_BYTES)
    .toString('latin1')
    .replace(/<!--[\s\S]*?-->/g, '');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml?.[1]) return xml[1];
  for (const meta of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = meta[0];
    const direct = /\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    if (direct?.[1]) {
      const isHttpEquiv = /\bhttp-equiv\s*=\s*["']?content-type/i.test(tag);
      const isCharsetAttribute = /\scharset\s*=/i.test(tag);
      if (isHttpEquiv || isCharsetAttribute) return asciiCompatible(direct[1]);
    }
  }
  return undefined;
}

/** A meta tag we could read in ASCII cannot truthfully say UTF-16 (HTML spec rule). */
function asciiCompatible(label: string): string {
  return /^utf-?16/i.test(label) ? 'utf-8' : label;
}

function supportedEncoding(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}
