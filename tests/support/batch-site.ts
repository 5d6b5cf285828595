/**
 * A loopback site for batch scrapes: `/p/N` is a small article page of its own (`?ms=M` answers
 * after M ms, so a batch can be caught mid-way), `/missing` answers 404. Counts the page requests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BatchSite {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  /** `count` URLs of distinct pages, each answering after `ms` ms. */
  pages(count: number, ms?: number, from?: number): string[];
  /** Requests received for `/p/…` pages. */
  readonly requests: () => number;
  close(): Promise<void>;
}

const article = (n: number) =>
  `<!doctype html><html><head><title>Page ${n}</title></head><body><main><h1>Page ${n}</h1>` +
  `<p>This is page number ${n} of the batch fixture site, with a paragraph long enough to be read as content.</p>` +
  `<p>A second paragraph keeps the extractor convinced that page ${n} is an article worth keeping.</p></main></body></html>`;

export async function startBatchSite(): Promise<BatchSite> {
  let requests = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://batch.invalid');
    const match = /^\/p\/(\d+)$/.exec(url.pathname);
    if (match === null) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    requests++;
    const send = () => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(article(Number(match[1])));
    };
    const ms = Number(url.searchParams.get('ms') ?? 0);
    if (ms > 0) {
      const timer = setTimeout(send, ms);
      response.on('close', () => clearTimeout(timer));
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    host: `127.0.0.1:${port}`,
    pages: (count, ms = 0, from = 1) => Array.from({ length: count }, (_, i) => `${base}/p/${from + i}${ms > 0 ? `?ms=${ms}` : ''}`),
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
