import { describe, expect, it } from 'vitest';
import { looksLikeChallenge, looksLikeScriptShell, visibleText } from './detectors.js';

const ARTICLE = `<!doctype html><html><head><title>News</title><script src="/analytics.js"></script></head>
<body><article><h1>Headline</h1><p>${'A real paragraph of server-rendered text. '.repeat(20)}</p></article>
<script>trackPageView()</script><script src="/ads.js"></script></body></html>`;

describe('looksLikeScriptShell', () => {
  it('spots a create-react-app style shell', () => {
    const html = `<!doctype html><html><head><title>App</title><script src="/static/js/main.js" defer></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
    expect(looksLikeScriptShell(html)).toBe(true);
  });

  it('spots a Next.js/Nuxt style empty mount point', () => {
    expect(looksLikeScriptShell('<html><body><div id="__next"></div><script src="/_next/main.js"></script></body></html>')).toBe(true);
    expect(looksLikeScriptShell('<html><body><div id="__nuxt"> </div><script src="/_nuxt/app.js"></script></body></html>')).toBe(true);
  });

  it('spots a bundle-only page with many scripts and no text', () => {
    const scripts = Array.from({ length: 4 }, (_, i) => `<script src="/chunk-${i}.js"></script>`).join('');
    expect(looksLikeScriptShell(`<html><head>${scripts}</head><body><div class="x"></div></body></html>`)).toBe(true);
  });

  it('leaves a server-rendered article alone, even with scripts', () => {
    expect(looksLikeScriptShell(ARTICLE)).toBe(false);
  });

  it('leaves a short static page without scripts alone', () => {
    expect(looksLikeScriptShell('<html><body><div id="root"></div><p>Tiny page.</p></body></html>')).toBe(false);
  });

  it('spots a mount point that only says it is loading, or only holds a spinner', () => {
    const app = (root: string, extra = '') =>
      `<!doctype html><html><head><title>Shop</title><script src="/assets/app.js" type="module"></script></head><body>${extra}${root}</body></html>`;
    expect(looksLikeScriptShell(app('<div id="root"><p class="hint">Loading…</p></div>'))).toBe(true);
    expect(looksLikeScriptShell(app('<div id="app">Wird geladen …</div>'))).toBe(true);
    expect(looksLikeScriptShell(app('<div id="app"><div class="lds-spinner"><div></div></div><span>One sec</span></div>'))).toBe(true);
    expect(looksLikeScriptShell(app('<main data-reactroot="">Please wait while the app starts.</main>'))).toBe(true);
    // A header served with the shell is the page's own text, and there is little of it.
    expect(looksLikeScriptShell(app('<div id="__next"><div>Loading...</div></div>', '<header><a href="/">Home</a> <a href="/shop">Shop</a></header>'))).toBe(
      true,
    );
  });

  it('spots an app behind a cookie wall: the consent text does not count as the page', () => {
    const consent = `<div id="cookie-consent" class="overlay" role="dialog"><h2>We value your privacy</h2><p>${'We and our partners use cookies to store and access information on your device. '.repeat(6)}</p><button>Accept all</button><button>Reject all</button></div>`;
    const page = (body: string) =>
      `<!doctype html><html><head><title>News</title><script src="/bundle.js"></script></head><body>${consent}${body}</body></html>`;
    expect(looksLikeScriptShell(page('<main class="content"></main>'))).toBe(true);
    expect(looksLikeScriptShell(page('<div class="page"><h1>News</h1></div>'))).toBe(true);
    // The same overlay over a server-rendered article: the article is there, no browser needed.
    expect(looksLikeScriptShell(page(`<article><h1>Headline</h1><p>${'A real paragraph of server-rendered text. '.repeat(10)}</p></article>`))).toBe(false);
    // Without any script, rendering cannot add anything.
    expect(looksLikeScriptShell(page('<main></main>').replace('<script src="/bundle.js"></script>', ''))).toBe(false);
  });

  it('leaves a short page whose mount point holds real text alone', () => {
    expect(looksLikeScriptShell('<html><body><div id="app"><h1>Opening hours</h1><p>Mon–Fri 9–5</p></div><script>track()</script></body></html>')).toBe(false);
  });

  it('reads a hostile page in linear time: deep nesting, stray closing tags, endless attributes', () => {
    const pages = [
      `<script></script>${'<div class="cookie-consent"><div id="root">'.repeat(100_000)}`,
      `<script></script><div id="root">${'</span></p><div>x'.repeat(100_000)}`,
      `<script></script><div ${'class=cookie '.repeat(200_000)}>`,
      `<script></script>${'<a id="app" '.repeat(100_000)}`,
    ];
    for (const html of pages) {
      const started = performance.now();
      looksLikeScriptShell(html);
      // Quadratic work on a page this size takes minutes; linear takes milliseconds, on a loaded machine too.
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });

  it('does not count a filled app root as empty', () => {
    const html = `<html><body><div id="root"><h1>Title</h1><p>${'Rendered on the server. '.repeat(15)}</p></div><script src="/main.js"></script></body></html>`;
    expect(looksLikeScriptShell(html)).toBe(false);
  });
});

describe('looksLikeChallenge', () => {
  it('spots a Cloudflare-style "Just a moment…" interstitial', () => {
    const html = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><noscript>Enable JavaScript and cookies to continue</noscript><script>window._cf_chl_opt={cvId:'3'};</script></body></html>`;
    expect(looksLikeChallenge(html, 503)).toBe(true);
    expect(looksLikeChallenge(html, 200)).toBe(true);
  });

  it('spots the ellipsis character spelling too', () => {
    expect(looksLikeChallenge('<html><head><title>Just a moment…</title></head><body></body></html>', 403)).toBe(true);
  });

  it('spots "Checking your browser" walls on a block status', () => {
    const html = '<html><head><title>Security check</title></head><body><h1>Checking your browser</h1><p>This takes a few seconds.</p></body></html>';
    expect(looksLikeChallenge(html, 503)).toBe(true);
    expect(looksLikeChallenge(html, 200)).toBe(false);
  });

  it('spots CAPTCHA walls on 403/429', () => {
    const html = '<html><body><p>Please verify you are a human.</p><div class="g-recaptcha" data-sitekey="x"></div></body></html>';
    expect(looksLikeChallenge(html, 403)).toBe(true);
    expect(looksLikeChallenge('<html><body>Access denied. Unusual traffic from your network.</body></html>', 429)).toBe(true);
  });

  it('leaves ordinary pages and ordinary errors alone', () => {
    expect(looksLikeChallenge(ARTICLE, 200)).toBe(false);
    expect(looksLikeChallenge('<html><head><title>Not found</title></head><body><h1>404</h1></body></html>', 404)).toBe(false);
    expect(looksLikeChallenge('<html><body><h1>Service unavailable</h1><p>Maintenance until 5pm.</p></body></html>', 503)).toBe(false);
  });

  it('leaves a long article that merely mentions a captcha alone', () => {
    const html = `<html><body><article>${'How CAPTCHA systems work, explained at length. '.repeat(80)}</article></body></html>`;
    expect(looksLikeChallenge(html, 200)).toBe(false);
    expect(looksLikeChallenge(html, 403)).toBe(false);
  });
});

describe('visibleText', () => {
  it('drops scripts, styles and tags', () => {
    expect(visibleText('<style>p{}</style><p>Hi <b>there</b></p><script>var a = "<p>no</p>";</script>')).toBe('Hi there');
  });
});
