/**
 * A small web site for crawler tests, on 127.0.0.1: robots.txt with a disallowed folder and a
 * sitemap index, pages at several link depths, a page only the sitemap lists, pages marked
 * noindex and nofollow, an image, and a link to another host (`localhost`, which the fetch
 * engine refuses unless allowed). Every request is recorded with its time.
 *
 *   /                      links: /a, /b, /private/secret, /noindex-page, /nofollow-page, /logo.png, http://localhost:PORT/elsewhere
 *   /a → /a/deeper → /a/deeper/deepest
 *   /b → /b/deeper
 *   /orphan                listed only in the sitemap
 *   /noindex-page          noindex, links to /found-via-noindex
 *   /nofollow-page         nofollow, links to /hidden-behind-nofollow
 *   /private/secret        disallowed for every robot
 *   /robots.txt, /sitemap_index.xml, /sitemap-pages.xml.gz
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface CrawlSite {
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  /** Paths requested so far, oldest first, with the time they arrived. */
  requests(): { path: string; at: number; userAgent: string }[];
  close(): Promise<void>;
}

const page = (title: string, links: readonly string[], head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>` +
  `<p>This is the ${title.toLowerCase()} page of the crawl fixture site, with enough words to be content.</p>` +
  `<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;

export async function startCrawlSite(): Promise<CrawlSite> {
  const log: { path: string; at: number; userAgent: string }[] = [];
  let origin = '';
  let port = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    log.push({ path, at: Date.now(), userAgent: String(request.headers['user-agent'] ?? '') });
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (path) {
      case '/robots.txt':
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`User-agent: *\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n\nSitemap: ${origin}/sitemap_index.xml\n`);
        return;
      case '/sitemap_index.xml':
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml.gz</loc></sitemap></sitemapindex>`,
        );
        return;
      case '/sitemap-pages.xml.gz':
        response.writeHead(200, { 'content-type': 'application/gzip' });
        response.end(
          gzipSync(
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/orphan</loc></url><url><loc>${origin}/a</loc></url></urlset>`,
          ),
        );
        return;
      case '/':
        return html(page('Home', ['/a', '/b', '/private/secret', '/noindex-page', '/nofollow-page', '/logo.png', `http://localhost:${port}/elsewhere`]));
      case '/a':
        return html(page('Alpha', ['/a/deeper', '/']));
      case '/a/deeper':
        return html(page('Alpha deeper', ['/a/deeper/deepest']));
      case '/a/deeper/deepest':
        return html(page('Alpha deepest', []));
      case '/b':
        return html(page('Bravo', ['/b/deeper']));
      case '/b/deeper':
        return html(page('Bravo deeper', []));
      case '/orphan':
        return html(page('Orphan', []));
      case '/noindex-page':
        return html(page('Noindex', ['/found-via-noindex'], '<meta name="robots" content="noindex">'));
      case '/found-via-noindex':
        return html(page('Found via noindex', []));
      case '/nofollow-page':
        return html(page('Nofollow', ['/hidden-behind-nofollow'], '<meta name="robots" content="nofollow">'));
      case '/hidden-behind-nofollow':
        return html(page('Hidden', []));
      case '/private/secret':
        return html(page('Secret', []));
      default:
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end(page('Not found', []));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    requests: () => [...log],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
