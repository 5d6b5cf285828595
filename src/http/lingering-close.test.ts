import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerBeforeClosing, type LingerLimits } from './lingering-close.js';

/**
 * The lingering close on a real Node HTTP server and real sockets, with small limits so that the
 * bounds show quickly. The handler answers at once without reading the body, as the 413/415/401
 * answers of the app do; the app's own wiring is tested in tests/security/body-limits.test.ts.
 */

const KiB = 1024;
const ANSWER = '{"detail":"Request body is too large."}';

interface Observed {
  request?: IncomingMessage;
  /** Bytes the server had read off the connection when it started lingering, and when it closed. */
  readAtAnswer?: number;
  readAtClose?: number;
  /** Milliseconds from the answer to the server closing the connection. */
  closed: Promise<number>;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  server = undefined;
});

async function lingeringServer(limits: LingerLimits): Promise<{ port: number; seen: Observed }> {
  let closedAfter: (ms: number) => void = () => undefined;
  const seen: Observed = { closed: new Promise((done) => (closedAfter = done)) };
  server = createServer((request, response) => {
    const answeredAt = Date.now();
    seen.request = request;
    seen.readAtAnswer = request.socket.bytesRead;
    request.socket.once('close', () => {
      seen.readAtClose = request.socket.bytesRead;
      closedAfter(Date.now() - answeredAt);
    });
    lingerBeforeClosing(request, limits);
    const headers = { 'content-type': 'application/json', 'content-length': String(ANSWER.length), connection: 'close' };
    response.writeHead(413, headers).end(ANSWER);
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  return { port: (server!.address() as AddressInfo).port, seen };
}

/** A sender that starts a chunked upload, reads whatever comes back, and does not close on our FIN. */
function sender(port: number): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const pieces: Buffer[] = [];
  socket.on('data', (piece: Buffer) => pieces.push(piece));
  socket.on('error', () => undefined);
  return new Promise((ready) =>
    socket.once('connect', () => {
      socket.write('POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n');
      ready({ socket, received: () => Buffer.concat(pieces).toString('utf8') });
    }),
  );
}

const chunk = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 'a'), Buffer.from('\r\n')]);

async function writeUntilClosed(socket: Socket, size: number): Promise<void> {
  while (!socket.destroyed && socket.writable) {
    if (!socket.write(chunk(size))) await new Promise((resume) => socket.once('drain', resume).once('close', resume));
  }
}

describe('after an early answer the server', () => {
  it('reads the rest of the body off the connection and keeps none of it', async () => {
    const { port, seen } = await lingeringServer({ bytes: 8 * 1024 * KiB, ms: 5_000 });
    const client = await sender(port);
    const body = 512 * KiB;
    for (let sent = 0; sent < body; sent += 16 * KiB) client.socket.write(chunk(16 * KiB));

    await expect.poll(() => seen.request?.socket.bytesRead ?? 0).toBeGreaterThan(body);
    // Flowing, and nothing held in the request's buffer: each chunk went nowhere once read.
    expect(seen.request!.readableFlowing).toBe(true);
    expect(seen.request!.readableLength).toBe(0);
    expect(client.received()).toContain(`\r\n\r\n${ANSWER}`);
    expect(client.socket.readableEnded).toBe(true); // our FIN came with the answer
    client.socket.destroy();
  });

  it('closes as soon as the body ends, with nothing left unread', async () => {
    const { port, seen } = await lingeringServer({ bytes: 8 * 1024 * KiB, ms: 5_000 });
    const client = await sender(port);
    client.socket.write(chunk(64 * KiB));
    client.socket.write('0\r\n\r\n');
    expect(await seen.closed).toBeLessThan(1_000);
    await expect.poll(() => client.received()).toContain(ANSWER);
  });

  it('cuts a sender who keeps writing once it has read `bytes` more', async () => {
    const limits = { bytes: 256 * KiB, ms: 5_000 };
    const { port, seen } = await lingeringServer(limits);
    const client = await sender(port);
    await writeUntilClosed(client.socket, 64 * KiB);

    expect(await seen.closed).toBeLessThan(limits.ms);
    // One read of at most 64 KiB plus its chunk framing can overshoot the cap before it is checked.
    expect(seen.readAtClose! - seen.readAtAnswer!).toBeLessThan(limits.bytes + 2 * 66 * KiB);
    expect(client.received()).toContain(ANSWER);
  });

  it('cuts a slow sender who never stops after `ms`', async () => {
    const limits = { bytes: 8 * 1024 * KiB, ms: 400 };
    const { port, seen } = await lingeringServer(limits);
    const client = await sender(port);
    const trickle = setInterval(() => client.socket.writable && client.socket.write(chunk(KiB)), 20);
    const closedAfter = await seen.closed;
    clearInterval(trickle);

    expect(closedAfter).toBeGreaterThanOrEqual(limits.ms - 50);
    expect(closedAfter).toBeLessThan(limits.ms + 1_500);
    expect(client.received()).toContain(ANSWER);
  });
});
