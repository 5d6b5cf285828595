/**
 * Reading WARC files (ISO 28500) as Common Crawl publishes them: records of `WARC/1.x` headers,
 * a block of `Content-Length` bytes and a blank line; the file gzipped member by member (each
 * record its own gzip member), or plain.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { brotliDecompressSync, createGunzip, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export interface WarcRecord {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly block: Buffer;
}

/** A WARC file that does not follow the format. */
export class WarcFormatError extends Error {
  readonly code = 'warc_format';

  constructor(message: string) {
    super(message);
    this.name = 'WarcFormatError';
  }
}

const CRLFCRLF = Buffer.from('\r\n\r\n');
/** Records larger than this (videos, archives) are skipped without being held in memory. */
const MAX_BLOCK_BYTES = 32 * 1024 * 1024;

function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The records of a WARC stream (already decompressed), in order. */
export async function* readWarcRecords(stream: AsyncIterable<Buffer>): AsyncGenerator<WarcRecord> {
  let buffer: Buffer = Buffer.alloc(0);
  let pending: { headers: Record<string, string>; length: number } | undefined;
  let skipping = 0;
  for await (const chunk of stream) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (skipping > 0) {
        const dropped = Math.min(skipping, buffer.length);
        buffer = buffer.subarray(dropped);
        skipping -= dropped;
        if (skipping > 0) break;
      }
      if (pending === undefined) {
        // Records are separated by CRLFCRLF; tolerate stray line breaks before the version line.
        let start = 0;
        while (start < buffer.length && (buffer[start] === 0x0d || buffer[start] === 0x0a)) start++;
        buffer = buffer.subarray(start);
        const end = buffer.indexOf(CRLFCRLF);
        if (end < 0) break;
        const head = buffer.subarray(0, end).toString('utf8');
        if (!head.startsWith('WARC/')) throw new WarcFormatError(`expected a WARC record, found "${head.slice(0, 40)}"`);
        const headers = parseHeaderLines(head.slice(head.indexOf('\r\n') + 2));
        const length = Number(headers['content-length']);
        if (!Number.isSafeInteger(length) || length < 0) throw new WarcFormatError('a WARC record has no valid Content-Length');
        buffer = buffer.subarray(end + 4);
        if (length > MAX_BLOCK_BYTES) {
          skipping = length;
          continue;
        }
        pending = { headers, length };
      }
      if (buffer.length < pending.length) break;
      const block = Buffer.from(buffer.subarray(0, pending.length));
      buffer = buffer.subarray(pending.length);
      const record: WarcRecord = { headers: pending.headers, block };
      pending = undefined;
      yield record;
    }
  }
  if (pending !== undefined) throw new WarcFormatError('the WARC file ends inside a record');
}

/** Whether the file starts like gzip. */
async function isGzipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The records of a WARC file, gzipped (`.warc.gz`, member per record) or not. */
export async function* readWarcFile(path: string): AsyncGenerator<WarcRecord> {
  const raw: Readable = createReadStream(path);
  const stream: Readable = (await isGzipFile(path)) ? raw.pipe(createGunzip()) : raw;
  yield* readWarcRecords(stream);
}

export interface HttpResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || size <= 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  try {
    switch (encoding?.toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body);
      case 'deflate':
        try {
          return inflateSync(body);
        } catch {
          return inflateRawSync(body);
        }
      case 'br':
        return brotliDecompressSync(body);
      default:
        return body;
    }
  } catch {
    // Archives often keep the header after storing the decoded payload.
    return body;
  }
}

/** The HTTP response inside a `response` record's block, with chunking and content encoding undone. */
export function parseHttpResponse(block: Buffer): HttpResponse | undefined {
  const end = block.indexOf(CRLFCRLF);
  if (end < 0) return undefined;
  const head = block.subarray(0, end).toString('latin1');
  const statusMatch = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/.exec(head);
  if (!statusMatch) return undefined;
  const headers = parseHeaderLines(head.slice(head.indexOf('\r\n') + 2));
  let body = block.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  body = decompress(body, headers['content-encoding']);
  return { status: Number(statusMatch[1]), headers, body };
}
