/** Builds WARC files the way Common Crawl writes them (one gzip member per record), for import tests. */
import { gzipSync } from 'node:zlib';

export interface WarcInput {
  readonly type: 'warcinfo' | 'request' | 'response' | 'metadata';
  readonly uri?: string;
  readonly date?: string;
  /** For responses: the raw HTTP message (status line, headers, blank line, body). */
  readonly block: Buffer | string;
}

export function warcRecord(input: WarcInput): Buffer {
  const block = typeof input.block === 'string' ? Buffer.from(input.block) : input.block;
  const headers = [
    'WARC/1.0',
    `WARC-Type: ${input.type}`,
    `WARC-Date: ${input.date ?? '2024-05-01T10:00:00Z'}`,
    `WARC-Record-ID: <urn:uuid:${Math.random().toString(16).slice(2)}>`,
    ...(input.uri ? [`WARC-Target-URI: ${input.uri}`] : []),
    `Content-Type: ${input.type === 'response' ? 'application/http; msgtype=response' : 'application/warc-fields'}`,
    `Content-Length: ${block.length}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${headers}\r\n\r\n`), block, Buffer.from('\r\n\r\n')]);
}

export function httpResponse(status: number, headers: Record<string, string>, body: Buffer | string): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const head = [`HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Status'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), payload]);
}

/** Chunked transfer encoding of a body, in pieces of `size` bytes. */
export function chunked(body: string, size = 16): Buffer {
  const bytes = Buffer.from(body);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) {
    const piece = bytes.subarray(i, i + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** A `.warc.gz`: every record gzipped as its own member, concatenated. */
export function gzippedWarc(records: readonly WarcInput[]): Buffer {
  return Buffer.concat(records.map((record) => gzipSync(warcRecord(record))));
}
