/**
 * A loopback site of generated HTML pages: `page(url)` answers the HTML of a path, or undefined
 * for a 404. The hostile-page and sentence sites are built on it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HtmlSite {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  close(): Promise<void>;
}

export async function startHtmlSite(page: (url: URL) => string | undefined): Promise<HtmlSite> {
  const server = createServer((request, response) => {
    const body = page(new URL(request.url ?? '/', 'http://site.invalid'));
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
