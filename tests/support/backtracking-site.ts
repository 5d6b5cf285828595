/**
 * A loopback site whose robots.txt and sitemap are built to make a parser backtrack (issue 25,
 * findings 2b–2d), for the security tests: every path other than those two files is an ordinary
 * small article, and the home page links to the paths the test names.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The robots.txt rule of finding 2d: a regular expression made of it backtracks on long runs of `a`. */
export const BACKTRACKING_ROBOTS_RULE = '/*a*a*a*a*a*a*a*a*a*a*a*a*b';

/** A sitemap listing `paths`, then `unclosed` `<loc>` tags never closed (finding 2b: 60 000 of them stalled a map 14 s). */
export function unclosedLocSitemap(origin: string, paths: readonly string[], unclosed = 60_000): string {
  const listed = paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed}${'<loc>'.repeat(unclosed)}`;
}

export interface BacktrackingSiteOptions {
  /** Served at /robots.txt; 404 without it. */
  readonly robotsTxt?: string;
  /** Served at /sitemap.xml, given the site's origin; 404 without it. */
  readonly sitemapXml?: (origin: string) => string;
  /** Paths the home page links to. */
  readonly links?: readonly string[];
}

export interface BacktrackingSite {
  readonly url: string;
  readonly host: string;
  close(): Promise<void>;
}

const article = (path: string, links: readonly string[]) =>
  `<!doctype html><html><head><title>Page ${path.slice(0, 60)}</title></head><body><main><h1>Page ${path.slice(0, 60)}</h1>` +
  `<p>An ordinary article with a few sentences of prose, so that the reader finds content here.</p>` +
  `${links.map((link) => `<a href="${link}">link</a>`).join(' ')}</main></body></html>`;

export async function startBacktrackingSite(options: BacktrackingSiteOptions): Promise<BacktrackingSite> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site.invalid').pathname;
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      const body = path === '/robots.txt' ? options.robotsTxt : options.sitemapXml?.(origin);
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': path === '/robots.txt' ? 'text/plain' : 'application/xml' });
      response.end(body ?? 'not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(article(path, path === '/' ? (options.links ?? []) : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return { url: origin, host: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
