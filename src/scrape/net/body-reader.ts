import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { ScrapeNetworkError } from './errors.js';

type DecoderFactory = () => Transform;

/** zstd arrived in Node's zlib in 22.15; offered only where the runtime has it. */
const zstdFactory = ((): DecoderFactory | undefined => {
  const create: unknown = Reflect.get(zlib, 'createZstdDecompress');
  return typeof create === 'function' ? () => Reflect.apply(create, zlib, []) as Transform : undefined;
})();

const DECODERS: Record<string, DecoderFactory> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  br: () => zlib.createBrotliDecompress(),
  deflate: () => new DeflateDecoder(),
  ...(zstdFactory ? { zstd: zstdFactory } : {}),
};

/** The Accept-Encoding value matching what `readBody` can decode. */
export const SUPPORTED_ACCEPT_ENCODING = ['gzip', 'deflate', 'br', ...(zstdFactory ? ['zstd'] : [])].join(', ');

/**
 * Reads a response body, undoing every Content-Encoding, and fails with
 * `too_large` as soon as the DECODED bytes pass `maxBytes` — so a small
 * compressed bomb is stopped after at most `maxBytes` of output.
 */
export async function readBody(body: Readable, contentEncoding: string | undefined, maxBytes: number, host: string): Promise<Buffer> {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const decoders = encodings.reverse().map((coding) => {
    const factory = DECODERS[coding];
    if (!factory) {
      body.destroy();
      throw new ScrapeNetworkError('bad_response', `The target used an unsupported content encoding "${coding}" (${host}).`);
    }
    return factory();
  });

  const chunks: Buffer[] = [];
  let total = 0;
  const collect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) {
        callback(new ScrapeNetworkError('too_large', `The response is larger than ${formatBytes(maxBytes)} (${host}).`));
        return;
      }
      chunks.push(chunk);
      callback();
    },
  });

  try {
    await pipeline([body, ...decoders, collect]);
  } catch (error) {
    if (error instanceof ScrapeNetworkError) throw error;
    if (isCompressionError(error)) {
      throw new ScrapeNetworkError('bad_response', `The target sent a corrupt compressed body (${host}).`);
    }
    throw error;
  }
  return Buffer.concat(chunks, total);
}

function isCompressionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  // zlib reports Z_*, brotli ERR__* (e.g. ERR__ERROR_FORMAT_PADDING_1), zstd ERR_ZSTD_*.
  return code.startsWith('Z_') || code.startsWith('ERR__') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR_ZSTD');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/**
 * "deflate" in HTTP means zlib-wrapped deflate, but some servers send raw
 * deflate. A zlib stream starts with a header whose first two bytes form a
 * multiple of 31 with compression method 8; anything else is treated as raw.
 */
class DeflateDecoder extends Transform {
  private inner: zlib.Inflate | zlib.InflateRaw | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const inner = this.inner ?? this.start(chunk);
    if (inner.write(chunk)) callback();
    else inner.once('drain', () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) return callback();
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }

  private start(firstChunk: Buffer): zlib.Inflate | zlib.InflateRaw {
    const first = firstChunk[0] ?? 0;
    const second = firstChunk[1] ?? 0;
    const isZlibWrapped = (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
    const inner = isZlibWrapped ? zlib.createInflate() : zlib.createInflateRaw();
    inner.on('data', (data: Buffer) => {
      if (!this.push(data)) inner.pause();
    });
    inner.on('error', (error) => this.destroy(error));
    this.inner = inner;
    return inner;
  }

  override _read(size: number): void {
    this.inner?.resume();
    super._read(size);
  }
}
