/**
 * The answer benchmark's web on loopback (127.0.0.1 only): the corpus pages as a site, and a search
 * engine speaking Serper's wire format (`POST /search` with `{q, num, page}` → `{organic: [...]}`)
 * that answers each benchmark question with its own result list, so Quarry searches and reads
 * exactly as it does against Google through Serper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  readonly url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closing(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Serves `html(path)` as text/html, 404 when it is undefined. */
export async function startPageSite(html: (path: string) => string | undefined): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    const body = html(req.url ?? '/');
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  const url = await listen(server);
  return { url, close: closing(server) };
}

export interface SerperResult {
  readonly title: string;
  readonly link: string;
  readonly snippet: string;
}

/** A Serper-speaking engine: `results(q)` for a web search, nothing for anything else. */
export async function startSerperEngine(results: (q: string) => readonly SerperResult[]): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const params = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { q?: string; num?: number; page?: number };
      const found = req.url === '/search' && (params.page ?? 1) === 1 ? results(params.q ?? '') : [];
      const organic = found.slice(0, params.num ?? 10).map((result, i) => ({ ...result, position: i + 1 }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ searchParameters: params, organic, credits: 1 }));
    });
  });
  const url = await listen(server);
  return { url, close: closing(server) };
}
