import { connect, type Socket } from 'node:net';

/**
 * A client on a raw socket, for tests of clients that go away: it writes one whole HTTP
 * request and hands back the socket, so the test decides when to destroy it.
 */
export async function sendRawRequest(
  origin: string,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined); // a destroyed socket may still report ECONNRESET
  const body = request.body ?? '';
  const headers = { host: `${hostname}:${port}`, connection: 'keep-alive', 'content-length': String(Buffer.byteLength(body)), ...request.headers };
  const head = [`${request.method} ${request.path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  socket.write(head + body);
  return socket;
}

/** Polls `check` until it returns true or `timeoutMs` passes (then throws, naming `what`). */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
