/**
 * A loopback site of many distinct article pages of a few KB each (head, navigation, an article
 * of several paragraphs and a list, a footer), in a Node process of its own so that serving the
 * pages is not charged to the server under test. `/a/N` is page N; every page differs in its
 * title and words (drawn from a hash of N), so no two scrapes share a cached result.
 *
 * Run as a script, this file is that child: it listens on a free loopback port and prints
 * `listening PORT` on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './seeded-random.js';

export interface ArticleSite {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  /** URLs of `count` distinct pages, numbered from `from`. */
  pages(count: number, from: number): string[];
  close(): Promise<void>;
}

const WORDS = (
  'the quarry river valley stone harbour engine market winter council library garden railway ' +
  'bridge museum festival research season village station history coast mountain report school ' +
  'project record morning evening distance journey weather bakery orchard lantern compass signal ' +
  'ledger window archive meadow timber copper silver painter sailor miller weaver farmer teacher ' +
  'quietly slowly often always rarely built opened carried measured followed described noticed ' +
  'across beneath between during within toward under over after before while because although'
).split(' ');

const random = seededRandom;

function sentence(next: () => number): string {
  const length = 10 + Math.floor(next() * 14);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

const paragraph = (next: () => number) => Array.from({ length: 3 + Math.floor(next() * 3) }, () => sentence(next)).join(' ');

/** Page `n`: about 6 KB of HTML shaped like a news or blog article. */
export function articlePage(n: number): string {
  const next = random(n * 2654435761);
  const title = `${sentence(next).slice(0, -1)} (no. ${n})`;
  const nav = ['Home', 'News', 'Sport', 'Culture', 'Science', 'Travel', 'Opinion', 'About']
    .map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`)
    .join('');
  const body = Array.from({ length: 7 }, (_, i) =>
    i === 3 ? `<h2>${sentence(next).slice(0, -1)}</h2><p>${paragraph(next)}</p>` : `<p>${paragraph(next)}</p>`,
  ).join('\n');
  const list = Array.from({ length: 5 }, () => `<li>${sentence(next)}</li>`).join('');
  const related = Array.from({ length: 6 }, (_, i) => `<li><a href="/a/${n + i + 1}">${sentence(next).slice(0, 40)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${sentence(next)}"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/style.css"></head>
<body><header><a class="logo" href="/">The Loopback Gazette</a><nav><ul>${nav}</ul></nav></header>
<main><article><h1>${title}</h1><p class="byline">By A. Writer, 28 November 2026</p>
${body}
<ul>${list}</ul></article>
<aside><h3>Related</h3><ul>${related}</ul></aside></main>
<footer><p>© 2026 The Loopback Gazette. All rights reserved.</p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
</body></html>`;
}

function serve(): Promise<number> {
  const server = createServer((request, response) => {
    const match = /^\/a\/(\d+)$/.exec(request.url ?? '');
    if (match === null) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(articlePage(Number(match[1])));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const self = fileURLToPath(import.meta.url);

/** Starts the site in a child Node process (TypeScript through tsx, as the benchmarks run). */
export async function startArticleSite(): Promise<ArticleSite> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', self], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`article site exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    host: `127.0.0.1:${port}`,
    pages: (count, from) => Array.from({ length: count }, (_, i) => `${base}/a/${from + i}`),
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === self) process.stdout.write(`listening ${await serve()}\n`);
