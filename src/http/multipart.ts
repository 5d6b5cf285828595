import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { detail, type ApiError } from './errors.js';

/**
 * Per-part limits of the management endpoints' multipart bodies. Their largest field is a token
 * or password of at most 4,096 characters, so a part of 64 KiB is generous; files are never read.
 */
export const MULTIPART_LIMITS = { fieldSize: 64 * 1024, fieldNameSize: 200, fields: 50, parts: 50, files: 0, headerPairs: 20 } as const;

export const bodyTooLarge = (): ApiError => detail(413, 'Request body is too large.', { connection: 'close' });

const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^;\s]+)/i;

/**
 * Reads a multipart/form-data body into `{field: value}` (a repeated field becomes an array), as
 * DRF's MultiPartParser hands fields to a serializer. The whole body is counted as it arrives, so a
 * chunked upload without Content-Length stops at `bodyLimit` as every other body does; a part over
 * its limit is refused, never truncated and used.
 */
export function readMultipart(payload: Readable, headers: IncomingHttpHeaders, bodyLimit: number): Promise<Record<string, string | string[]>> {
  const type = headers['content-type'] ?? '';
  // busboy throws a plain Error on a missing boundary; DRF answers this 400.
  if (!BOUNDARY.test(type)) return Promise.reject(detail(400, 'Multipart form parse error - Invalid boundary in multipart: None'));
  const declared = Number(headers['content-length'] ?? 0);
  if (declared > bodyLimit) return Promise.reject(bodyTooLarge());

  return new Promise((resolve, reject) => {
    const fields = new Map<string, string | string[]>();
    let received = 0;
    let finished = false;
    const parser = Busboy({
      headers: { ...headers, 'content-type': type },
      limits: { ...MULTIPART_LIMITS, fieldSize: Math.min(MULTIPART_LIMITS.fieldSize, bodyLimit) },
    });

    const fail = (error: ApiError) => {
      if (finished) return;
      finished = true;
      payload.off('data', onData);
      payload.unpipe?.();
      // Stop reading into memory: the answer closes the connection, draining the rest unkept (see lingering-close.ts).
      payload.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimit) return fail(bodyTooLarge());
      parser.write(chunk);
    };

    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(bodyTooLarge());
      const previous = fields.get(name);
      fields.set(name, previous === undefined ? value : [previous, value].flat());
    });
    parser.on('file', (_name, stream) => {
      stream.resume();
      fail(bodyTooLarge());
    });
    parser.on('filesLimit', () => fail(bodyTooLarge()));
    parser.on('fieldsLimit', () => fail(bodyTooLarge()));
    parser.on('partsLimit', () => fail(bodyTooLarge()));
    parser.on('error', (error) => fail(detail(400, `Multipart form parse error - ${error instanceof Error ? error.message : String(error)}`)));
    parser.on('finish', () => {
      if (finished) return;
      finished = true;
      // Object.fromEntries defines own properties: a field named `__proto__` stays a plain field.
      resolve(Object.fromEntries(fields));
    });

    payload.on('data', onData);
    payload.on('end', () => {
      if (!finished) parser.end();
    });
    payload.on('error', () => fail(detail(400, 'Multipart form parse error - the body ended early.')));
  });
}
