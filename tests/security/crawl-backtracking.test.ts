/**
 * Issue 25, findings 2b–2d: what a crawled site or a crawl's caller writes must not freeze the
 * server. Each attack of the issue runs through the real server over loopback, while /healthz is
 * probed (tests/support/under-attack.ts), and must still be answered correctly:
 *
 *   2b  a sitemap with 60 000 unclosed `<loc>` tags (a 14 s stall through POST /v1/map before),
 *       through a map and through a crawl;
 *   2d  robots.txt `Disallow: /*a*a*a*a*a*a*a*a*a*a*a*a*b` and a linked path of 40 `a`s (168 s),
 *       reached by a crawl;
 *   2c  a crawl with `includePaths: ["^/redos/(a+)+$"]` and a linked path of 40 `a`s and a `!`
 *       (15.8 s at 27 characters, doubling with each one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { BACKTRACKING_ROBOTS_RULE, startBacktrackingSite, unclosedLocSitemap, type BacktrackingSite } from '../support/backtracking-site.js';
import { expectServerStayedResponsive, measureUnderAttack } from '../support/under-attack.js';

const A40 = 'a'.repeat(40);
const REDOS_MATCHING = `/redos/${A40}`;
const REDOS_HOSTILE = `/redos/${A40}!`;

interface CrawlOutcome {
  readonly status: string;
  readonly pages: string[];
  readonly robotsBlocked: string[];
}

let t: TestApp;
let base: string;
let key: string;
let sitemapSite: BacktrackingSite;
let robotsSite: BacktrackingSite;
let redosSite: BacktrackingSite;

beforeAll(async () => {
  sitemapSite = await startBacktrackingSite({ sitemapXml: (origin) => unclosedLocSitemap(origin, ['/docs/one', '/docs/two']) });
  robotsSite = await startBacktrackingSite({ robotsTxt: `User-agent: *\nDisallow: ${BACKTRACKING_ROBOTS_RULE}\n`, links: [`/${A40}`, `/${A40}b`] });
  redosSite = await startBacktrackingSite({ links: [REDOS_MATCHING, REDOS_HOSTILE] });
  t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: [sitemapSite.host, robotsSite.host, redosSite.host].join(','),
    CRAWL_DELAY_MS: '0',
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
  });
  base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  key = (await t.customer(1_000)).key;
});

afterAll(async () => {
  await t?.close();
  await Promise.all([sitemapSite?.close(), robotsSite?.close(), redosSite?.close()]);
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const get = async (path: string) => (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } })).json();

/** Starts a Firecrawl crawl and waits for it to end: its status, the paths of its pages, and the paths robots.txt blocked. */
async function crawl(body: Record<string, unknown>): Promise<CrawlOutcome> {
  const started = await post('/v1/crawl', body);
  expect(started.status, await started.clone().text()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  let status = 'scraping';
  let data: { metadata: { sourceURL: string } }[] = [];
  for (let poll = 0; poll < 600 && status === 'scraping'; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ({ status, data } = (await get(`/v1/crawl/${id}`)) as { status: string; data: typeof data });
  }
  const errors = (await get(`/v1/crawl/${id}/errors`)) as { robotsBlocked: string[] };
  const path = (url: string) => new URL(url).pathname;
  return { status, pages: data.map((page) => path(page.metadata.sourceURL)).sort(), robotsBlocked: errors.robotsBlocked.map(path) };
}

describe('a sitemap with 60 000 unclosed <loc> tags (2b)', () => {
  it('is mapped with its listed pages while the server keeps answering', async () => {
    const report = await measureUnderAttack(base, async () => {
      const res = await post('/v1/map', { url: `${sitemapSite.url}/` });
      return { status: res.status, body: (await res.json()) as { links: string[] } };
    });
    expect(report.result.status).toBe(200);
    expect(report.result.body.links).toEqual(expect.arrayContaining([`${sitemapSite.url}/docs/one`, `${sitemapSite.url}/docs/two`]));
    expectServerStayedResponsive(report);
  }, 120_000);

  it('is crawled, its listed pages included, while the server keeps answering', async () => {
    const report = await measureUnderAttack(base, () => crawl({ url: `${sitemapSite.url}/`, limit: 10 }));
    expect(report.result.status).toBe('completed');
    expect(report.result.pages).toEqual(['/', '/docs/one', '/docs/two']);
    expectServerStayedResponsive(report);
  }, 120_000);
});

describe('robots.txt with Disallow: /*a*a*a*a*a*a*a*a*a*a*a*a*b (2d)', () => {
  it('is obeyed for a path of 40 "a"s while the server keeps answering', async () => {
    const report = await measureUnderAttack(base, () => crawl({ url: `${robotsSite.url}/`, limit: 10 }));
    expect(report.result.status).toBe('completed');
    // No "b" after the "a"s: the rule does not match, and the page is crawled; with the "b" it is blocked.
    expect(report.result.pages).toEqual(['/', `/${A40}`]);
    expect(report.result.robotsBlocked).toEqual([`/${A40}b`]);
    expectServerStayedResponsive(report);
  }, 120_000);
});

describe('includePaths ^/redos/(a+)+$ (2c)', () => {
  it('keeps the matching page and leaves out the hostile one while the server keeps answering', async () => {
    const report = await measureUnderAttack(base, () => crawl({ url: `${redosSite.url}/`, limit: 10, includePaths: ['^/redos/(a+)+$'] }));
    expect(report.result.status).toBe('completed');
    expect(report.result.pages).toEqual([REDOS_MATCHING]);
    expectServerStayedResponsive(report);
  }, 120_000);

  it("refuses a backreference or lookahead with a 400 in Firecrawl's shape that names the field and says why", async () => {
    for (const [field, pattern] of [
      ['includePaths', '^/(a+)\\1$'],
      ['excludePaths', '^/(?!public/)'],
    ] as const) {
      const res = await post('/v1/crawl', { url: `${redosSite.url}/`, [field]: [pattern] });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        error: expect.stringMatching(new RegExp(`^${field}: .*RE2 in linear time, which has no backreferences and no lookahead or lookbehind$`)),
      });
    }
  });
});
