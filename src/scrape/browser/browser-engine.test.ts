import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_RENDERED_TEXT, startFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { ScrapeNetworkError } from '../net/errors.js';
import { systemResolver, type HostResolver } from '../net/target-guard.js';
import { createBrowserEngine, type BrowserEngine } from './browser-engine.js';
import { findChromium } from './chromium-launch.js';
import { looksLikeChallenge } from './detectors.js';

const chromiumPath = findChromium();
const SKIP_REASON = 'SKIPPED: no Chromium at /usr/bin/chromium (apt-get install chromium)';
if (!chromiumPath) console.error(`browser engine tests against Chromium ${SKIP_REASON}`);

async function failureOf(promise: Promise<unknown>): Promise<ScrapeNetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScrapeNetworkError) return error;
    throw error;
  }
  throw new Error('expected the render to fail');
}

/**
 * `localhost` answered as ::1 only, where the fixture (allowed as 127.0.0.1:PORT) does not listen:
 * a loopback name that resolves to no allow-listed address, which the guard must refuse. (Were it
 * 127.0.0.1, the allow-listed address would admit it, as it does any name resolving to it.)
 */
const localhostOnIpv6: HostResolver = async (hostname) => (hostname === 'localhost' ? [{ address: '::1', family: 6 }] : systemResolver(hostname));

describe('browser engine without Chromium', () => {
  it('says it is unavailable and refuses to render', async () => {
    const engine = createBrowserEngine({ executablePath: '/nonexistent/chromium' });
    expect(engine.available).toBe(false);
    const error = await failureOf(engine.render('https://example.com/'));
    expect(error.code).toBe('browser_unavailable');
    await engine.close();
  });
});

describe.skipIf(!chromiumPath)(`browser engine with Chromium${chromiumPath ? '' : ` (${SKIP_REASON})`}`, () => {
  let site: FixtureSite;
  let engine: BrowserEngine;

  beforeAll(async () => {
    site = await startFixtureSite();
    engine = createBrowserEngine({ allowedHosts: [site.host], networkIdleCapMs: 2_000, resolver: localhostOnIpv6 });
  });

  afterAll(async () => {
    await engine?.close();
    await site?.close();
  });

  it('renders a page whose content is written by JavaScript', async () => {
    expect(engine.available).toBe(true);
    const page = await engine.render(`${site.url}/js/rendered`);
    expect(page.status).toBe(200);
    expect(page.finalUrl).toBe(`${site.url}/js/rendered`);
    expect(page.html).toContain(`<p id="rendered">${JS_RENDERED_TEXT}</p>`);
    expect(page.html).toContain('<title>Rendered by JavaScript</title>');
    expect(page.timingMs).toBeGreaterThan(0);
  });

  it('presents itself as desktop Chrome, not HeadlessChrome', async () => {
    await engine.render(`${site.url}/html/basic?ua-check`);
    const request = site.requests().find((entry) => entry.path === '/html/basic?ua-check');
    expect(String(request?.headers['user-agent'])).toMatch(/ Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    expect(String(request?.headers['user-agent'])).not.toContain('Headless');
  });

  it('sends every sub-resource through the guarded proxy, which refuses loopback names', async () => {
    const page = await engine.render(`${site.url}/subresource/localhost`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Main page loaded.');
    expect(site.probeHits()).toEqual([]);
  });

  it('gives pages no WebRTC to go around the proxy', async () => {
    const page = await engine.render(`${site.url}/subresource/localhost`);
    expect(page.html).toContain('<p id="webrtc">undefined</p>');
  });

  it('does not fetch images, media or fonts', async () => {
    const page = await engine.render(`${site.url}/html/with-media`);
    expect(page.html).toContain('Text in a web font.');
    const paths = site.requests().map((entry) => entry.path);
    expect(paths).toContain('/html/with-media');
    expect(paths).not.toContain('/image.png');
    expect(paths).not.toContain('/media.mp4');
    expect(paths).not.toContain('/font.woff2');
  });

  it('refuses a blocked page before opening a context', async () => {
    const error = await failureOf(engine.render(`http://localhost:${site.port}/html/basic`));
    expect(error.code).toBe('blocked_address');
  });

  it('refuses a redirect to a blocked host', async () => {
    const error = await failureOf(engine.render(`${site.url}/redirect/to-localhost`));
    expect(error.code).toBe('blocked_address');
    expect(site.requests().some((entry) => entry.host.startsWith('localhost'))).toBe(false);
  });

  it('refuses a redirect to a blocked host over https (a refused CONNECT tunnel)', async () => {
    const target = encodeURIComponent(`https://localhost:${site.port}/html/basic`);
    const error = await failureOf(engine.render(`${site.url}/redirect/302?to=${target}`));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain(`localhost`);
  });

  it('returns a challenge page as it is, for the detector to judge', async () => {
    const page = await engine.render(`${site.url}/challenge`);
    expect(page.status).toBe(503);
    expect(looksLikeChallenge(page.html, page.status)).toBe(true);
  });

  it('renders no more pages at once than it has contexts', async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, (_, i) => engine.render(`${site.url}/concurrency/browser?ms=1200&n=${i}`)));
    expect(pages.every((page) => page.status === 200)).toBe(true);
    const stats = await fetch(`${site.url}/concurrency/browser/max`);
    // Exactly 2 on an idle machine; a loaded CI runner may not overlap the two slots.
    const { max } = (await stats.json()) as { max: number };
    expect(max).toBeGreaterThanOrEqual(1);
    expect(max).toBeLessThanOrEqual(2);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await failureOf(engine.render(`${site.url}/slow/first-byte?ms=5000`, { signal: controller.signal }));
    expect(error.code).toBe('aborted');
  });

  it('closes Chromium once renders stop, and starts it again for the next render', async () => {
    const idle = createBrowserEngine({ allowedHosts: [site.host], networkIdleCapMs: 500, idleCloseMs: 300 });
    try {
      expect(idle.running).toBe(false);
      // Two renders overlapping: the browser stays while either runs. The slow one outlasts the
      // quick one by seconds, so a loaded machine cannot finish both before the idle check.
      const slow = idle.render(`${site.url}/slow/first-byte?ms=4000`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await idle.render(`${site.url}/html/basic?idle-1`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(idle.running).toBe(true);
      expect((await slow).status).toBe(200);
      expect(idle.running).toBe(true);
      const closedBy = Date.now() + 5_000;
      while (idle.running && Date.now() < closedBy) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(idle.running).toBe(false);
      const again = await idle.render(`${site.url}/js/rendered?after-idle`);
      expect(again.html).toContain(JS_RENDERED_TEXT);
      expect(idle.running).toBe(true);
    } finally {
      await idle.close();
    }
    expect(idle.running).toBe(false);
  });

  it('names a navigation timeout', async () => {
    const impatient = createBrowserEngine({ allowedHosts: [site.host], navigationTimeoutMs: 500 });
    try {
      const error = await failureOf(impatient.render(`${site.url}/slow/first-byte?ms=5000`));
      expect(error.code).toBe('timeout');
    } finally {
      await impatient.close();
    }
  });
});
