/**
 * A loopback web site for tests of what scrapes may put into the shared index: every page's title
 * and text carry a word unique to its path, robots.txt disallows `/private/`, `/tagged` answers
 * with `X-Robots-Tag: noindex`, `/meta-noindex` carries `<meta name="robots" content="noindex">`.
 */
import { createServer, type Server } from 'node:http';

export interface IndexingSite {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** `127.0.0.1:PORT`, for SCRAPE_ALLOWED_HOSTS. */
  readonly host: string;
  close(): Promise<void>;
}

/** The word a page at `path` (query included) is found by, e.g. "zqxmarker". */
export function markerOf(label: string): string {
  return `zq${label.replace(/[^a-z]/gi, '').toLowerCase()}marker`;
}

export async function startIndexingSite(): Promise<IndexingSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      return;
    }
    const label = url.searchParams.get('label') ?? url.pathname;
    const marker = markerOf(label);
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (url.pathname === '/tagged') headers['x-robots-tag'] = 'noindex';
    const meta = url.pathname === '/meta-noindex' ? '<meta name="robots" content="noindex">' : '';
    const body =
      `<!doctype html><html lang="en"><head><title>Page ${marker}</title>${meta}</head><body><main><h1>Page ${marker}</h1>` +
      `<p>This page about ${marker} holds enough text to be read as an article by the extractor, sentence after sentence.</p>` +
      `<p>A second paragraph mentions ${marker} again, so that the page is clearly about it and nothing else.</p></main></body></html>`;
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    host: `127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
