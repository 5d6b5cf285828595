/**
 * A local web site for scraper tests: one HTTP server on 127.0.0.1 with a
 * route for each situation the network layer, extractors, the scrape route and
 * the crawler must handle. Start one per test file with `startFixtureSite()`
 * and allow it with `allowedHosts: [site.host]`.
 *
 * Routes (all GET):
 *   /                            index page linking to the content pages
 *   /html/basic                  small HTML article (title "Basic fixture page")
 *   /html/links                  relative, root-relative, absolute, fragment, mailto links
 *   /html/article                headings, paragraphs, a table, code blocks, lists
 *   /text                        text/plain
 *   /markdown                    MARKDOWN_DOCUMENT as text/markdown
 *   /docs/readme.md              MARKDOWN_DOCUMENT as text/plain (a .md file from a server that knows no Markdown type)
 *   /json                        application/json
 *   /image.png                   1x1 PNG (binary)
 *   /pdf                         a tiny valid PDF whose text is PDF_TEXT
 *   /status/:code                HTML page answered with that status (404, 500…)
 *   /echo/headers                JSON of the request headers as received
 *
 *   /redirect/:code?to=LOCATION  answers 301/302/303/307/308 with Location exactly as
 *                                given (default /html/basic; may be relative or absolute)
 *   /redirect/chain/:n           n hops of 302 (…/chain/n-1 …) ending at /html/basic
 *   /redirect/relative           Location "../html/basic" (a relative path)
 *   /redirect/loop               /redirect/loop → /redirect/loop-b → /redirect/loop …
 *   /redirect/to-localhost       302 to http://localhost:PORT/html/basic (a blocked name)
 *   /redirect/to-numeric         302 to http://2130706433:PORT/html/basic (127.0.0.1 in decimal)
 *   /redirect/to-file            302 to file:///etc/passwd
 *
 *   /charset/:name?declare=how   CHARSET_SAMPLES[name] encoded in that charset; `how` is
 *                                header (default) | meta | http-equiv | none.
 *                                Names: windows-1251, shift_jis, gb18030, euc-kr,
 *                                iso-8859-1, iso-8859-2, iso-8859-7
 *   /charset/utf-16le-bom        UTF-16LE with a BOM, no declaration
 *   /charset/bom-beats-header    UTF-8 with BOM, header claims windows-1251
 *   /charset/header-beats-meta   windows-1251 in the header, meta claims shift_jis
 *
 *   /compressed/:coding          COMPRESSED_TEXT in an HTML page, encoded gzip | br | deflate |
 *                                deflate-raw (sent as "deflate" without the zlib wrapper)
 *   /compressed/gzip-bomb?mb=N   N MiB (default 16) of text gzip-compressed to a few KB
 *   /compressed/corrupt          claims gzip, sends garbage
 *
 *   /slow/first-byte?ms=N        waits N ms (default 2000) before sending headers
 *   /slow/body?ms=N&chunks=K     headers at once, then K chunks (default 5) N ms apart (default 500)
 *   /huge?mb=N                   N MiB (default 12) of text, chunked (no Content-Length)
 *   /huge/declared?mb=N          same with a Content-Length header
 *
 *   /flaky/:status?key=K&failures=F&retry-after=V
 *                                the first F (default 1) requests with this key answer `status`
 *                                (429 or 503) with Retry-After V ("date" = an HTTP date 1 s
 *                                ahead; omitted = no header), then 200 "Recovered after retries"
 *   /concurrency/:key?ms=N       holds the response N ms (default 200), counting requests in flight
 *   /concurrency/:key/max        JSON {"max": n}: most requests ever in flight for that key
 *
 *   /js/rendered                 body is empty until a script writes JS_RENDERED_TEXT (after
 *                                fetching /json)
 *   /js/shell                    single-page-app shell: root div, many scripts, <noscript>
 *   /js/loading-shell            one script; the mount point says "Loading…" beside a spinner until the
 *                                script (after fetching /json) writes an article (js-app-pages.ts)
 *   /js/cookie-wall              one script; a consent overlay with more words than the page, in front of
 *                                an empty <main> the script (after fetching /json) fills with JS_APP_PARAGRAPHS
 *   /html/with-script            a server-rendered article with a consent banner and one small script
 *   /challenge                   503 "Just a moment…" anti-bot interstitial
 *   /subresource/localhost       page that loads a script, a stylesheet, a fetch() and a WebSocket from
 *                                http://localhost:PORT/probe (a loopback name not on an allow-list),
 *                                and writes `typeof RTCPeerConnection` into <p id="webrtc">
 *   /html/with-media             page embedding /image.png, /media.mp4 and a /font.woff2 web font
 *   /probe                       tiny script; hits are listed by `probeHits()`
 *
 * Every request is recorded (`requests()`), so tests can check what reached the site.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { cookieWallPage, loadingShellPage, serverRenderedPage } from './js-app-pages.js';
import { MARKDOWN_DOCUMENT } from './plain-text-documents.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The Host header as received. */
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface FixtureSite {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  /** `127.0.0.1:PORT`, the form `allowedHosts` takes. */
  host: string;
  port: number;
  /** Every request received so far, oldest first. */
  requests(): RecordedRequest[];
  /** Requests that reached /probe (sub-resource checks). */
  probeHits(): RecordedRequest[];
  close(): Promise<void>;
}

/** The Unicode text each /charset/:name page carries, in title and body. */
export const CHARSET_SAMPLES: Record<string, { text: string; bytesHex: string }> = {
  'windows-1251': {
    text: 'Съешь же ещё этих мягких французских булок, да выпей чаю.',
    bytesHex: 'd1fae5f8fc20e6e520e5f9b820fdf2e8f520ecffe3eae8f520f4f0e0edf6f3e7f1eae8f520e1f3ebeeea2c20e4e020e2fbefe5e920f7e0fe2e',
  },
  shift_jis: {
    text: 'いろはにほへと 日本語のテキストです。カタカナも。',
    bytesHex: '82a282eb82cd82c982d982d682c62093fa967b8cea82cc8365834c8358836782c582b78142834a835e834a836982e08142',
  },
  gb18030: {
    text: '你好，世界！这是简体中文文本。€À',
    bytesHex: 'c4e3bac3a3accac0bde7a3a1d5e2cac7bcf2cce5d6d0cec4cec4b1bea1a3a2e381308638',
  },
  'euc-kr': {
    text: '다람쥐 헌 쳇바퀴에 타고파. 한국어 텍스트입니다.',
    bytesHex: 'b4d9b6f7c1e320c7e520c3c2b9d9c4fbbfa120c5b8b0edc6c42e20c7d1b1b9beee20c5d8bdbac6aec0d4b4cfb4d92e',
  },
  'iso-8859-1': {
    text: 'Café crème brûlée, naïve façade, Smørrebrød.',
    bytesHex: '436166e9206372e86d65206272fb6ce9652c206e61ef7665206661e76164652c20536df87272656272f8642e',
  },
  'iso-8859-2': {
    text: 'Zażółć gęślą jaźń. Příliš žluťoučký kůň.',
    bytesHex: '5a61bff3b3e62067eab66cb1206a61bcf12e2050f8ed6c69b920be6c75bb6f75e86bfd206bf9f22e',
  },
  'iso-8859-7': {
    text: 'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.',
    bytesHex: 'cee5f3eae5f0dce6f920f4e7ed20f8f5f7eff6e8fcf1e120e2e4e5ebf5e3ecdfe12e',
  },
};

export const COMPRESSED_TEXT = 'This body travelled compressed and must arrive intact. '.repeat(20).trim();
export const JS_RENDERED_TEXT = 'This paragraph was written by JavaScript after the page loaded.';
export const PDF_TEXT = 'Hello from the fixture PDF';
export const PLAIN_TEXT = 'Plain text file.\nSecond line, with UTF-8: naïve — ✓\n';
export const RECOVERED_TEXT = 'Recovered after retries';

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const MIB = 1024 * 1024;

export async function startFixtureSite(): Promise<FixtureSite> {
  const recorded: RecordedRequest[] = [];
  const flakyCounts = new Map<string, number>();
  const inFlight = new Map<string, { now: number; max: number }>();
  const bombs = new Map<number, Buffer>();
  let origin = '';
  let port = 0;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture.invalid');
    recorded.push({
      method: request.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      host: request.headers.host ?? '',
      headers: { ...request.headers },
    });
    handle(url, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fixture error: ${String(error)}`);
    });
  });

  async function handle(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = url.pathname;
    const query = url.searchParams;
    const segments = path.split('/').filter(Boolean);

    switch (path) {
      case '/':
        return html(response, 200, page('Fixture index', indexBody()));
      case '/html/basic':
        return html(response, 200, page('Basic fixture page', '<h1>Basic fixture page</h1><p>Hello from the fixture site.</p>'));
      case '/html/links':
        return html(response, 200, page('Links', linksBody()));
      case '/html/article':
        return html(response, 200, page('An article with structure', articleBody()));
      case '/markdown':
        return send(response, 200, 'text/markdown; charset=utf-8', MARKDOWN_DOCUMENT);
      case '/docs/readme.md':
        return send(response, 200, 'text/plain; charset=utf-8', MARKDOWN_DOCUMENT);
      case '/text':
        return send(response, 200, 'text/plain; charset=utf-8', PLAIN_TEXT);
      case '/json':
        return send(response, 200, 'application/json', JSON.stringify({ message: 'fixture json', items: [1, 2, 3] }));
      case '/image.png':
        return send(response, 200, 'image/png', ONE_PIXEL_PNG);
      case '/pdf':
        return send(response, 200, 'application/pdf', tinyPdf(PDF_TEXT));
      case '/echo/headers':
        return send(response, 200, 'application/json', JSON.stringify(request.headers));
      case '/redirect/relative':
        return redirect(response, 302, '../html/basic');
      case '/redirect/loop':
        return redirect(response, 302, '/redirect/loop-b');
      case '/redirect/loop-b':
        return redirect(response, 302, '/redirect/loop');
      case '/redirect/to-localhost':
        return redirect(response, 302, `http://localhost:${port}/html/basic`);
      case '/redirect/to-numeric':
        return redirect(response, 302, `http://2130706433:${port}/html/basic`);
      case '/redirect/to-file':
        return redirect(response, 302, 'file:///etc/passwd');
      case '/charset/utf-16le-bom':
        return send(
          response,
          200,
          'text/html',
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page('UTF-16 page', '<p>Ünïcödé in UTF-16LE</p>'), 'utf16le')]),
        );
      case '/charset/bom-beats-header':
        return send(
          response,
          200,
          'text/html; charset=windows-1251',
          Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page('BOM page', '<p>Ünïcödé behind a BOM</p>'))]),
        );
      case '/charset/header-beats-meta':
        return send(response, 200, 'text/html; charset=windows-1251', charsetPage('windows-1251', 'meta', 'shift_jis'));
      case '/compressed/gzip-bomb':
        return send(response, 200, 'text/html', bomb(Number(query.get('mb') ?? 16)), { 'content-encoding': 'gzip' });
      case '/compressed/corrupt':
        return send(response, 200, 'text/html', Buffer.from('this is not gzip at all'), { 'content-encoding': 'gzip' });
      case '/slow/first-byte':
        await delay(Number(query.get('ms') ?? 2000), response);
        return html(response, 200, page('Slow first byte', '<p>Finally.</p>'));
      case '/slow/body':
        return slowBody(response, Number(query.get('ms') ?? 500), Number(query.get('chunks') ?? 5));
      case '/huge':
        return huge(response, Number(query.get('mb') ?? 12), false);
      case '/huge/declared':
        return huge(response, Number(query.get('mb') ?? 12), true);
      case '/js/rendered':
        return html(response, 200, jsRenderedPage());
      case '/js/loading-shell':
        return html(response, 200, loadingShellPage());
      case '/js/cookie-wall':
        return html(response, 200, cookieWallPage());
      case '/html/with-script':
        return html(response, 200, serverRenderedPage());
      case '/js/shell':
        return html(response, 200, spaShellPage());
      case '/challenge':
        return html(response, 503, challengePage());
      case '/subresource/localhost':
        return html(response, 200, subresourcePage(`http://localhost:${port}/probe`));
      case '/html/with-media':
        return html(response, 200, withMediaPage());
      case '/media.mp4':
        return send(response, 200, 'video/mp4', Buffer.alloc(64));
      case '/font.woff2':
        return send(response, 200, 'font/woff2', Buffer.alloc(64));
      case '/probe':
        return send(response, 200, 'application/javascript', 'window.probeLoaded = true;');
    }

    if (segments[0] === 'status' && segments.length === 2) {
      const code = Number(segments[1]);
      return html(response, code, page(`Status ${code}`, `<h1>Status ${code}</h1><p>The fixture answered ${code}.</p>`));
    }
    if (segments[0] === 'redirect' && segments[1] === 'chain' && segments.length === 3) {
      const remaining = Number(segments[2]);
      return redirect(response, 302, remaining <= 1 ? '/html/basic' : `/redirect/chain/${remaining - 1}`);
    }
    if (segments[0] === 'redirect' && segments.length === 2 && /^30[1-8]$/.test(segments[1] ?? '')) {
      return redirect(response, Number(segments[1]), query.get('to') ?? '/html/basic');
    }
    if (segments[0] === 'charset' && segments.length === 2) {
      const name = segments[1] ?? '';
      if (!(name in CHARSET_SAMPLES)) return html(response, 404, page('No such charset', ''));
      const how = query.get('declare') ?? 'header';
      const contentType = how === 'header' ? `text/html; charset=${name}` : 'text/html';
      return send(response, 200, contentType, charsetPage(name, how, name));
    }
    if (segments[0] === 'compressed' && segments.length === 2) {
      return compressed(response, segments[1] ?? '');
    }
    if (segments[0] === 'flaky' && segments.length === 2) {
      return flaky(response, Number(segments[1]), query);
    }
    if (segments[0] === 'concurrency' && segments.length === 3 && segments[2] === 'max') {
      const max = inFlight.get(segments[1] ?? '')?.max ?? 0;
      return send(response, 200, 'application/json', JSON.stringify({ max }));
    }
    if (segments[0] === 'concurrency' && segments.length === 2) {
      const key = segments[1] ?? '';
      const counter = inFlight.get(key) ?? { now: 0, max: 0 };
      inFlight.set(key, counter);
      counter.now++;
      counter.max = Math.max(counter.max, counter.now);
      try {
        await delay(Number(query.get('ms') ?? 200), response);
      } finally {
        counter.now--;
      }
      return html(response, 200, page(`Concurrency ${key}`, '<p>done</p>'));
    }
    return html(response, 404, page('Not found', '<h1>Not found</h1><p>No such fixture page.</p>'));
  }

  function compressed(response: ServerResponse, coding: string): void {
    const body = Buffer.from(page('Compressed page', `<p>${COMPRESSED_TEXT}</p>`));
    const encoders: Record<string, [string, (input: Buffer) => Buffer]> = {
      gzip: ['gzip', gzipSync],
      br: ['br', brotliCompressSync],
      deflate: ['deflate', deflateSync],
      'deflate-raw': ['deflate', deflateRawSync],
    };
    const encoder = encoders[coding];
    if (!encoder) return html(response, 404, page('No such coding', ''));
    send(response, 200, 'text/html; charset=utf-8', encoder[1](body), { 'content-encoding': encoder[0] });
  }

  function bomb(mebibytes: number): Buffer {
    const cached = bombs.get(mebibytes);
    if (cached) return cached;
    const made = gzipSync(Buffer.alloc(mebibytes * MIB, 'a'), { level: 9 });
    bombs.set(mebibytes, made);
    return made;
  }

  function flaky(response: ServerResponse, status: number, query: URLSearchParams): void {
    const key = `${status}:${query.get('key') ?? ''}`;
    const seen = flakyCounts.get(key) ?? 0;
    flakyCounts.set(key, seen + 1);
    if (seen < Number(query.get('failures') ?? 1)) {
      const retryAfter = query.get('retry-after');
      const headers: Record<string, string> = {};
      if (retryAfter === 'date') headers['retry-after'] = new Date(Date.now() + 1000).toUTCString();
      else if (retryAfter !== null) headers['retry-after'] = retryAfter;
      return send(response, status, 'text/html', page(`Status ${status}`, '<p>Try again later.</p>'), headers);
    }
    html(response, 200, page(RECOVERED_TEXT, `<p>${RECOVERED_TEXT}</p>`));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    port,
    requests: () => [...recorded],
    probeHits: () => recorded.filter((entry) => entry.path.startsWith('/probe')),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer, extraHeaders: Record<string, string> = {}): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  response.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length, ...extraHeaders });
  response.end(bytes);
}

function html(response: ServerResponse, status: number, body: string): void {
  send(response, status, 'text/html; charset=utf-8', body);
}

function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location, 'content-type': 'text/html; charset=utf-8' });
  response.end(`<a href="${location.replace(/"/g, '&quot;')}">Moved</a>`);
}

/** Resolves after `ms`, or early if the client went away (so slow routes never pin the server). */
function delay(ms: number, response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve();
    }, ms);
    response.once('close', onClose);
  });
}

async function slowBody(response: ServerResponse, ms: number, chunks: number): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.write('<!doctype html><html><head><title>Slow body</title></head><body>');
  for (let i = 0; i < chunks && !response.destroyed; i++) {
    await delay(ms, response);
    response.write(`<p>chunk ${i}</p>`);
  }
  response.end('</body></html>');
}

async function huge(response: ServerResponse, mebibytes: number, declareLength: boolean): Promise<void> {
  const total = mebibytes * MIB;
  response.writeHead(200, { 'content-type': 'text/plain', ...(declareLength ? { 'content-length': total } : {}) });
  const block = Buffer.alloc(64 * 1024, 'x');
  for (let sent = 0; sent < total && !response.destroyed; sent += block.length) {
    if (!response.write(block)) await drainedOrClosed(response);
  }
  response.end();
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

function charsetPage(name: string, how: string, declaredName: string): Buffer {
  const sample = CHARSET_SAMPLES[name];
  if (!sample) throw new Error(`unknown charset ${name}`);
  const declaration =
    how === 'meta'
      ? `<meta charset="${declaredName}">`
      : how === 'http-equiv'
        ? `<meta http-equiv="Content-Type" content="text/html; charset=${declaredName}">`
        : '';
  const phrase = Buffer.from(sample.bytesHex, 'hex');
  return Buffer.concat([
    Buffer.from(`<!doctype html><html><head>${declaration}<title>`),
    phrase,
    Buffer.from('</title></head><body><p>'),
    phrase,
    Buffer.from('</p></body></html>'),
  ]);
}

function indexBody(): string {
  const links = ['/html/basic', '/html/links', '/html/article', '/text', '/pdf', '/js/rendered'];
  return `<h1>Fixture index</h1><ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul>`;
}

function linksBody(): string {
  return [
    '<h1>Links</h1>',
    '<p><a href="basic">relative sibling</a></p>',
    '<p><a href="../text">relative parent</a></p>',
    '<p><a href="/html/article">root relative</a></p>',
    '<p><a href="https://example.com/absolute">absolute external</a></p>',
    '<p><a href="#section">fragment only</a></p>',
    '<p><a href="mailto:someone@example.com">mail link</a></p>',
    '<p><a href="?page=2">query only</a></p>',
  ].join('');
}

function articleBody(): string {
  return [
    '<article>',
    '<h1>An article with structure</h1>',
    '<p>The first paragraph introduces the <strong>topic</strong> with <em>emphasis</em> and a <a href="/html/basic">link</a>.</p>',
    '<h2>A table</h2>',
    '<table><thead><tr><th>Name</th><th>Value</th></tr></thead>',
    '<tbody><tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>2</td></tr></tbody></table>',
    '<h2>Code</h2>',
    '<p>Inline <code>const x = 1;</code> code.</p>',
    '<pre><code class="language-js">function add(a, b) {\n  return a + b;\n}\n</code></pre>',
    '<h2>Lists</h2>',
    '<ul><li>first item</li><li>second item</li></ul>',
    '<ol><li>step one</li><li>step two</li></ol>',
    '<blockquote><p>A quotation.</p></blockquote>',
    '</article>',
  ].join('\n');
}

function jsRenderedPage(): string {
  const script = `
    fetch('/json').then(function (r) { return r.json(); }).then(function () {
      var p = document.createElement('p');
      p.id = 'rendered';
      p.textContent = ${JSON.stringify(JS_RENDERED_TEXT)};
      document.getElementById('root').appendChild(p);
      document.title = 'Rendered by JavaScript';
    });`;
  return `<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script>${script}</script></body></html>`;
}

function spaShellPage(): string {
  const scripts = ['runtime', 'vendor', 'main', 'chunk-1', 'chunk-2'].map((name) => `<script src="/static/js/${name}.js" defer></script>`).join('');
  return `<!doctype html><html><head><title>App</title>${scripts}</head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
}

function challengePage(): string {
  return `<!doctype html><html><head><title>Just a moment...</title></head><body>
<div class="main-wrapper"><h1>Checking your browser before accessing the site.</h1>
<p>Enable JavaScript and cookies to continue</p><div id="challenge-stage"></div></div>
<script>window._cf_chl_opt = {};</script></body></html>`;
}

function subresourcePage(probeUrl: string): string {
  return `<!doctype html><html><head><title>Sub-resources</title>
<link rel="stylesheet" href="${probeUrl}?via=stylesheet">
<script src="${probeUrl}?via=script"></script></head>
<body><p id="status">Main page loaded.</p><p id="webrtc"></p>
<script>
fetch(${JSON.stringify(`${probeUrl}?via=fetch`)}).catch(function () {});
try { new WebSocket(${JSON.stringify(`${probeUrl.replace(/^http/, 'ws')}?via=websocket`)}); } catch (e) {}
document.getElementById('webrtc').textContent = typeof RTCPeerConnection;
</script></body></html>`;
}

function withMediaPage(): string {
  return `<!doctype html><html><head><title>With media</title>
<style>@font-face { font-family: Fixture; src: url(/font.woff2) format("woff2"); } body { font-family: Fixture; }</style></head>
<body><p>Text in a web font.</p><img src="/image.png" alt="pixel"><video src="/media.mp4" autoplay muted></video></body></html>`;
}

/** A one-page PDF with one line of Helvetica text; the xref offsets are computed, not guessed. */
function tinyPdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let output = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(output.length);
    output += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = output.length;
  output += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) output += `${String(offset).padStart(10, '0')} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(output, 'latin1');
}
