/**
 * A tiny loopback site with a sitemap, for `map` tests: `/` links to `/about` and to another
 * host; `/sitemap.xml` lists `/docs/one` and `/docs/two` (and a URL on another host).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SitemapSite {
  readonly url: string;
  readonly host: string;
  close(): Promise<void>;
}

export async function startSitemapSite(): Promise<SitemapSite> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site.invalid').pathname;
    if (path === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<url><loc>${origin}/docs/one</loc></url><url><loc>${origin}/docs/two</loc></url><url><loc>https://elsewhere.example/x</loc></url></urlset>`,
      );
      return;
    }
    response.writeHead(path === '/' || path === '/about' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>Sitemap site</title></head><body><main><h1>Sitemap site</h1><p>A page with a few links to map.</p>` +
        `<a href="/about">About</a> <a href="/about#team">Team</a> <a href="https://elsewhere.example/">Elsewhere</a></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return { url: origin, host: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
