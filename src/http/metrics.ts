import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export const METRICS_REALM = 'Bearer realm="metrics"';

/**
 * `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time: both sides are hashed first,
 * so neither the content nor the length of the token leaks through timing.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/.exec(authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

export interface MetricsListener {
  /** The bound port (useful when METRICS_PORT asked for any free one). */
  readonly port: number;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

async function answer(request: IncomingMessage, registry: Registry, token: string | undefined) {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/metrics' && path !== '/metrics/') return json(404, { detail: 'Not found.' });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json(405, { detail: `Method "${request.method ?? ''}" not allowed.` }, { allow: 'GET, HEAD' });
  if (token !== undefined && !hasMetricsToken(request.headers.authorization, token)) {
    return json(401, { detail: 'Authentication credentials were not provided.' }, { 'www-authenticate': METRICS_REALM });
  }
  return { status: 200, body: await registry.metrics(), headers: { 'content-type': registry.contentType } };
}

/**
 * The separate metrics listener (METRICS_PORT): bound to loopback only, so Prometheus on the same
 * host (or a sidecar) scrapes it while the public port never shows it. It serves nothing else.
 */
export async function startMetricsListener(options: {
  registry: Registry;
  port: number;
  token: string | undefined;
  onError: (error: unknown) => void;
}): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    answer(request, options.registry, options.token).then(
      ({ status, body, headers }) => response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        options.onError(error);
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Something went wrong"}');
      },
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
