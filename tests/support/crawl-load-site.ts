/**
 * A loopback site for crawl hardening tests: pages with thousands of links, and large pages.
 * robots.txt and the sitemap answer 404 (everything allowed, no sitemap). Every request is
 * counted, so a test knows how many pages a crawl really fetched.
 *
 *   /links/N/ID     a page with N links, to /links/N/ID-0 … /links/N/ID-(N-1) (each such a page too)
 *   /big/I          a page of about `bigPageBytes` of text, linking to /big/0 … /big/(bigPages-1)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CrawlLoadSite {
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  /** Paths requested so far, robots.txt and sitemaps left out. */
  pageRequests(): string[];
  close(): Promise<void>;
}

export interface CrawlLoadSiteOptions {
  readonly bigPages?: number;
  readonly bigPageBytes?: number;
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startCrawlLoadSite(options: CrawlLoadSiteOptions = {}): Promise<CrawlLoadSite> {
  const bigPages = options.bigPages ?? 6;
  const bigPageBytes = options.bigPageBytes ?? 100_000;
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt' || path.startsWith('/sitemap')) {
      response.writeHead(404).end();
      return;
    }
    requested.push(path);
    const links = /^\/links\/(\d+)\/([\w-]+)$/.exec(path);
    if (links) {
      const count = Number(links[1]);
      const items = Array.from({ length: count }, (_, i) => `<li><a href="${path}-${i}">link ${i}</a></li>`).join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html(`Page ${links[2]}`, `<p>A page with ${count} links, each to another page like it.</p><ul>${items}</ul>`));
      return;
    }
    const big = /^\/big\/(\d+)$/.exec(path);
    if (big) {
      const sentence = `Paragraph of the large page number ${big[1]}, written out at length so the page is big. `;
      const paragraph = `<p>${sentence.repeat(10)}</p>`;
      const body = paragraph.repeat(Math.max(1, Math.ceil(bigPageBytes / paragraph.length)));
      const nav = Array.from({ length: bigPages }, (_, i) => `<a href="/big/${i}">large page ${i}</a>`).join(' ');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html(`Large page ${big[1]}`, `<nav>${nav}</nav>${body}`));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    pageRequests: () => [...requested],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
