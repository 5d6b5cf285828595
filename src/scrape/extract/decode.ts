/**
 * Turns the bytes of an HTML document into text, honouring the charset the way browsers
 * do: byte-order mark, then the Content-Type header, then a `<meta charset>` or
 * `<meta http-equiv=Content-Type>` in the first 1024 bytes, then UTF-8 — falling back to
 * windows-1252 when the bytes are not valid UTF-8 (what browsers assume for legacy pages).
 */
export function decodeHtmlBytes(bytes: Uint8Array, contentType?: string): string {
  const bom = byteOrderMark(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  const declared = charsetFromContentType(contentType) ?? charsetFromMeta(bytes);
  const decoder = declared === undefined ? undefined : decoderFor(declared);
  if (decoder) return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Code points of bytes 0x80–0x9F in windows-1252 (the rest of the range equals Latin-1). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node's TextDecoder decodes the `windows-1252` label as ISO-8859-1, turning curly quotes
 * and dashes into control characters; browsers (and the Encoding standard) do not.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c.charCodeAt(0)));
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function charsetFromContentType(contentType: string | undefined): string | undefined {
  return contentType ? /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] : undefined;
}

function charsetFromMeta(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}

function decoderFor(label: string): TextDecoder | undefined {
  try {
    const decoder = new TextDecoder(label.toLowerCase());
    // A page declaring UTF-16 in ASCII-compatible bytes is lying (the HTML standard says so too).
    return decoder.encoding.startsWith('utf-16') ? new TextDecoder('utf-8') : decoder;
  } catch {
    return undefined;
  }
}
