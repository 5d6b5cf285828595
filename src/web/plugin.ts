import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from '../http/content-security-policy.js';
import type { App } from '../http/server.js';

/** Where `vite build` (web/vite.config.ts) writes the dashboard. */
export const DEFAULT_WEB_ROOT = join(import.meta.dirname, '..', '..', 'web', 'dist');

/**
 * The dashboard's client-side routes: each answers with index.html so a reload or a mailed link
 * lands on the right page (history-API fallback). Listed, not a catch-all, so no route of the
 * API, the docs or the operations endpoints can ever be shadowed by the single-page app.
 */
export const SPA_ROUTES = ['/', '/login', '/signup', '/forgot-password', '/keys', '/usage', '/plans', '/checkout', '/billing', '/playground'] as const;
export const SPA_PREFIXES = ['/activate/', '/password-reset/'] as const;

/**
 * Every path prefix the API, its compatible surfaces and the operations endpoints are served under:
 * an unknown path below one of them is a client's mistake and keeps the JSON 404, whoever asks.
 */
export const API_PREFIXES = ['/api/', '/v1/', '/v2/', '/r/', '/s/', '/tavily/', '/exa/', '/mcp', '/metrics', '/healthz', '/readyz', '/assets/'] as const;

/**
 * A person's browser opening a page, as opposed to an API client: a GET that accepts HTML, for a path
 * outside the API's prefixes. Such a request at an unknown path gets the app's own "Page not found".
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || !(request.headers.accept ?? '').includes('text/html')) return false;
  const path = request.url.split('?')[0] ?? '/';
  return !API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** Paddle.js is the only script from outside Quarry, and only on these pages. */
const PADDLE_PAGES = new Set(['/plans', '/checkout']);

const PADDLE_SOURCES = ['https://cdn.paddle.com', 'https://*.paddle.com'];

function sendIndex(reply: FastifyReply, root: string, path: string, status = 200) {
  const withPaddle = PADDLE_PAGES.has(path);
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', contentSecurityPolicy(withPaddle ? PADDLE_SOURCES : []))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .sendFile('index.html', root, { cacheControl: false });
}

/**
 * Serves the built dashboard at `/`. Without a build (web/dist missing) it serves nothing and
 * says so once: the API works on its own.
 */
export async function registerDashboard(app: App, options: { root?: string; onMissing: (root: string) => void }): Promise<void> {
  const root = options.root ?? DEFAULT_WEB_ROOT;
  if (!existsSync(join(root, 'index.html'))) {
    options.onMissing(root);
    return;
  }
  // Only the hashed bundle files are served as files; they never change, so they are cached for good.
  await app.register(fastifyStatic, { root: join(root, 'assets'), prefix: '/assets/', wildcard: false, index: false, maxAge: '365d', immutable: true });
  const hide = { hide: true } as const;
  for (const path of SPA_ROUTES) app.get(path, { schema: hide }, (_request, reply) => sendIndex(reply, root, path));
  for (const prefix of SPA_PREFIXES) app.get(`${prefix}*`, { schema: hide }, (_request, reply) => sendIndex(reply, root, prefix));
  // The app reads the path and shows its "Page not found"; the status tells crawlers and tools the same.
  app.setNotFoundPage((request, reply) => (isPageRequest(request) ? sendIndex(reply, root, '', 404) : undefined));
}
