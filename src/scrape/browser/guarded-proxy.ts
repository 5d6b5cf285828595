import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ScrapeNetworkError } from '../net/errors.js';
import { openGuardedSocket } from '../net/guarded-socket.js';
import type { TargetGuard } from '../net/target-guard.js';
import { hostKey } from '../net/url-policy.js';

/** Response header on answers the proxy made itself, carrying the ScrapeNetworkError code. */
export const PROXY_ERROR_HEADER = 'x-quarry-proxy-error';

const HOP_BY_HOP_HEADERS = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  PROXY_ERROR_HEADER,
]);

export interface ProxyFailure {
  /** `host:port` the browser asked for. */
  target: string;
  error: ScrapeNetworkError;
}

/**
 * A forward proxy on 127.0.0.1 through which the browser sends ALL its traffic
 * (plain HTTP requests and CONNECT tunnels for HTTPS and WebSockets). Every
 * upstream connection is opened with the target guard, so a page cannot make
 * the browser reach a private address, whatever its scripts, redirects or
 * sub-resources ask for.
 */
export interface GuardedProxy {
  /** `http://127.0.0.1:PORT`, for `--proxy-server`. */
  url: string;
  /** Called for every upstream connection the proxy refused or failed to open. Returns an unsubscribe function. */
  onFailure(listener: (failure: ProxyFailure) => void): () => void;
  close(): Promise<void>;
}

export interface GuardedProxyOptions {
  guard: TargetGuard;
  /** Per-address connect timeout upstream. Default 10 000 ms. */
  connectTimeoutMs?: number;
}

export async function startGuardedProxy(options: GuardedProxyOptions): Promise<GuardedProxy> {
  const { guard } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const listeners = new Set<(failure: ProxyFailure) => void>();
  const openSockets = new Set<Duplex>();

  function track(socket: Duplex): void {
    openSockets.add(socket);
    socket.once('close', () => openSockets.delete(socket));
  }

  function report(target: string, error: unknown): ScrapeNetworkError {
    const failure = error instanceof ScrapeNetworkError ? error : new ScrapeNetworkError('refused', `The connection failed (${target}).`);
    for (const listener of listeners) listener({ target, error: failure });
    return failure;
  }

  async function forwardPlainHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:') {
      response.writeHead(400).end();
      return;
    }
    const port = target.port === '' ? 80 : Number(target.port);
    const key = hostKey(target.hostname, port);
    let upstream: Socket;
    try {
      upstream = await openGuardedSocket(guard, target.hostname, port, { connectTimeoutMs });
    } catch (error) {
      const failure = report(key, error);
      response.writeHead(failure.code === 'blocked_address' ? 403 : 502, { [PROXY_ERROR_HEADER]: failure.code });
      response.end();
      return;
    }
    track(upstream);
    const forwarded = httpRequest({
      createConnection: () => upstream,
      method: request.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...withoutHopByHop(request.headers), host: target.host, connection: 'close' },
    });
    forwarded.on('response', (upstreamResponse) => {
      response.writeHead(upstreamResponse.statusCode ?? 502, withoutHopByHop(upstreamResponse.headers));
      upstreamResponse.pipe(response);
    });
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { [PROXY_ERROR_HEADER]: 'reset' });
      response.end();
    });
    response.on('close', () => forwarded.destroy());
    request.pipe(forwarded);
  }

  async function openTunnel(request: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    track(client);
    client.on('error', () => client.destroy());
    let hostname: string;
    let port: number;
    try {
      const parsed = new URL(`http://${request.url ?? ''}`);
      hostname = parsed.hostname;
      port = Number(parsed.port);
      if (!Number.isInteger(port) || port < 1) throw new Error('no port');
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const key = hostKey(hostname, port);
    let upstream: Socket;
    try {
      upstream = await openGuardedSocket(guard, hostname, port, { connectTimeoutMs });
    } catch (error) {
      const failure = report(key, error);
      const status = failure.code === 'blocked_address' ? '403 Forbidden' : '502 Bad Gateway';
      client.end(`HTTP/1.1 ${status}\r\n${PROXY_ERROR_HEADER}: ${failure.code}\r\n\r\n`);
      return;
    }
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  }

  const server = createServer((request, response) => {
    forwardPlainHttp(request, response).catch(() => response.destroy());
  });
  server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    openTunnel(request, client, head).catch(() => client.destroy());
  });
  // WebSockets reach us as CONNECT tunnels; a bare Upgrade request is not something a browser sends a proxy.
  server.on('upgrade', (_request: IncomingMessage, client: Duplex) => {
    client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('connection', (socket: Socket) => track(socket));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    onFailure(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of openSockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const connectionTokens = String(headers.connection ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP_HEADERS.has(name) && !connectionTokens.includes(name)));
}
