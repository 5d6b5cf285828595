import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_LIMITS } from '../../src/http/lingering-close.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { bodyOf, rawRequest } from '../support/raw-http.js';

/**
 * Item 9 of issue 16: every body is capped at BODY_LIMIT (1 MiB by default), chunked or not, whatever
 * its media type, on unauthenticated routes too; multipart only where an endpoint reads it. Sent over a
 * real socket, as an attacker would, 20 MB at a time.
 */

const MB = 1024 * 1024;
const ATTACK = 20 * MB;
const TOO_LARGE = JSON.stringify({ detail: 'Request body is too large.' });
const BOUNDARY = 'attackboundary';
const part = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

let t: TestApp;
let port: number;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.quarry.app.server.address() as AddressInfo).port;
  key = (await t.customer(10)).key;
});
afterAll(async () => {
  await t.close();
});

describe('a 20 MB body', () => {
  it.each([
    ['chunked multipart, one huge field, on registration (no authentication)', '/api/v1/auth/users/', multipartType, part('email')],
    ['chunked multipart, on login (no authentication)', '/api/v1/auth/jwt/create/', multipartType, part('password')],
    ['chunked JSON', '/api/v1/auth/jwt/create/', 'application/json', '{"email": "a@b.c", "password": "'],
    ['chunked form', '/api/v1/auth/jwt/create/', 'application/x-www-form-urlencoded', 'email=a%40b.c&password='],
  ])('%s → 413, and the server stops reading', async (_name, path, type, head) => {
    const answer = await rawRequest({ port, path, headers: { 'Content-Type': type }, chunked: true, body: bodyOf(ATTACK, head) });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
    expect(answer.bytesSent).toBeLessThan(ATTACK);
    expect(answer.closed).toBe(true);
  });

  it('chunked multipart made of many fields of 512 KiB each → 413', async () => {
    function* manyFields(): Generator<Buffer> {
      for (let i = 0; i < 40; i++) yield* bodyOf(512 * 1024, `${i === 0 ? '' : '\r\n'}${part(`f${i}`)}`);
    }
    const answer = await rawRequest({ port, path: '/api/v1/auth/users/', headers: { 'Content-Type': multipartType }, chunked: true, body: manyFields() });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
    expect(answer.bytesSent).toBeLessThan(ATTACK);
  });

  it('multipart declaring 20 MB in Content-Length → 413 before the body is read', async () => {
    const answer = await rawRequest({
      port,
      path: '/api/v1/auth/users/',
      headers: { 'Content-Type': multipartType, 'Content-Length': String(ATTACK) },
      body: bodyOf(ATTACK, part('email')),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
    expect(answer.bytesSent).toBeLessThan(ATTACK);
  });

  it('of an unknown media type → 415 without reading it, and the connection closes', async () => {
    const answer = await rawRequest({
      port,
      path: '/api/v1/auth/users/',
      headers: { 'Content-Type': 'application/octet-stream' },
      chunked: true,
      body: bodyOf(ATTACK),
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Unsupported media type "application/octet-stream" in request.' });
    expect(answer.bytesSent).toBeLessThan(ATTACK);
    expect(answer.closed).toBe(true);
  });

  it('on a GET, which reads no body at all → answered, and the connection closes', async () => {
    const answer = await rawRequest({
      port,
      method: 'GET',
      path: '/healthz',
      headers: { 'Content-Type': 'application/json' },
      chunked: true,
      body: bodyOf(ATTACK),
    });
    expect(answer.status).toBe(200);
    expect(answer.bytesSent).toBeLessThan(ATTACK);
    expect(answer.closed).toBe(true);
  });

  it('to an unknown path → 404 without reading it', async () => {
    const answer = await rawRequest({
      port,
      path: '/api/v1/nowhere/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      body: bodyOf(ATTACK, part('x')),
    });
    expect(answer.status).toBe(404);
    expect(answer.bytesSent).toBeLessThan(ATTACK);
  });
});

describe('an early 413 reaches a sender still writing its body (lingering close)', () => {
  // Closing with the rest of the body unread made the kernel reset the connection, and a sender
  // still writing lost the 413 (its write failed with EPIPE): every time for one that reads only
  // after writing, now and then in CI for one that reads while writing.
  /** A chunked multipart registration of `size` bytes from a sender that reads only once it has written them all. */
  const uploadThenRead = (size: number) =>
    rawRequest({
      port,
      path: '/api/v1/auth/users/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      readsAfterWriting: true,
      body: bodyOf(size, part('email')),
    });

  it('read whole after writing 6 MB, 20 times in a row', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await uploadThenRead(6 * MB);
      expect(answer.status).toBe(413);
      expect(answer.body).toBe(TOO_LARGE);
      expect(answer.closed).toBe(true);
    }
  });

  it('but a sender who ignores it and keeps writing is cut off once LINGER_LIMITS.bytes more are read', async () => {
    const cut = await uploadThenRead(ATTACK * 10).then(
      () => expect.fail('the flood was not cut off'),
      (error: Error) => error.message,
    );
    // What the cap lets through plus what the sockets' buffers held (a few MiB on loopback); cut by
    // the 2 s limit instead, a loopback sender would have got far more through.
    const sent = Number(/connection closed without an answer after (\d+) body bytes/.exec(cut)?.[1]);
    expect(sent).toBeLessThan(MB + LINGER_LIMITS.bytes + 16 * MB);
  });
});

describe('multipart only where an endpoint needs it', () => {
  it('a metered endpoint (JSON only) refuses multipart with 415 before reading the body', async () => {
    const answer = await rawRequest({
      port,
      path: '/api/v1/scrape/',
      headers: { 'Content-Type': multipartType, 'X-API-KEY': key },
      chunked: true,
      body: bodyOf(ATTACK, part('url')),
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({ detail: `Unsupported media type "${multipartType}" in request.` });
    expect(answer.bytesSent).toBeLessThan(ATTACK);
  });

  it('refuses a field over the per-part limit (64 KiB) although the body is under 1 MiB', async () => {
    const body = `${part('email')}a@b.c\r\n${part('password')}${'p'.repeat(100 * 1024)}\r\n--${BOUNDARY}--\r\n`;
    const answer = await rawRequest({
      port,
      path: '/api/v1/auth/jwt/create/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      body: [Buffer.from(body)],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
  });

  it('refuses file parts and more than 50 parts', async () => {
    const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`;
    const withFile = await rawRequest({
      port,
      path: '/api/v1/auth/jwt/create/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      body: [Buffer.from(file)],
    });
    expect(withFile.status).toBe(413);
    const many = `${Array.from({ length: 60 }, (_, i) => `${part(`f${i}`)}x\r\n`).join('')}--${BOUNDARY}--\r\n`;
    const withMany = await rawRequest({
      port,
      path: '/api/v1/auth/jwt/create/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      body: [Buffer.from(many)],
    });
    expect(withMany.status).toBe(413);
  });

  it('still reads a normal chunked multipart body on a management endpoint', async () => {
    const body = `${part('email')}chunked.multipart@example.com\r\n${part('password')}a sturdy passphrase 42\r\n--${BOUNDARY}--\r\n`;
    const answer = await rawRequest({
      port,
      path: '/api/v1/auth/users/',
      headers: { 'Content-Type': multipartType },
      chunked: true,
      body: [Buffer.from(body.slice(0, 40)), Buffer.from(body.slice(40))],
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ email: 'chunked.multipart@example.com' });
  });
});
