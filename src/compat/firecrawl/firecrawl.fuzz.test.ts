/**
 * Bad input thrown at every Firecrawl-compatible route: whatever arrives, the answer is one of
 * Firecrawl's statuses with its error body, never a server failure. URLs are either the loopback
 * fixture site or strings the URL check refuses, so nothing leaves the machine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompatApp, type CompatApp } from '../../../tests/support/compat-app.js';

const RUNS = 30;
let c: CompatApp;
let key: string;

beforeAll(async () => {
  c = await startCompatApp();
  key = (await c.h.t.customer(100_000)).key;
});
afterAll(async () => c?.close());

const scalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
const url = () =>
  fc.oneof(
    fc.constantFrom(`${c.site.url}/a`, `${c.site.url}/`, 'ftp://example.com/', 'not a url', ''),
    fc.string({ maxLength: 30 }).filter((s) => !/^\s*https?:/i.test(s)),
    fc.integer(),
  );
const format = fc.oneof(
  fc.constantFrom('markdown', 'html', 'rawHtml', 'links', 'json', 'screenshot'),
  fc.record({ type: fc.constantFrom('json', 'markdown', 'x') }),
  // Screenshot objects with anything in their fields: a bad one must be a 400 naming it, never a 500.
  fc.record({ type: fc.constant('screenshot'), fullPage: scalar, quality: scalar, viewport: value }, { requiredKeys: ['type'] }),
  scalar,
);
const scrapeOptions = fc.record(
  {
    formats: fc.oneof(fc.array(format, { maxLength: 3 }), scalar),
    onlyMainContent: fc.oneof(fc.boolean(), scalar),
    maxAge: fc.oneof(fc.nat(), scalar),
    timeout: fc.oneof(fc.integer({ min: -5, max: 100_000 }), scalar),
    waitFor: fc.oneof(fc.nat(70_000), scalar),
    actions: value,
    location: value,
  },
  { requiredKeys: [] },
);

const bodies = {
  '/v2/scrape': () =>
    fc.oneof(
      fc.record({ url: url() }).chain((base) => scrapeOptions.map((options) => ({ ...base, ...options }))),
      value,
    ),
  '/v1/scrape': () =>
    fc.oneof(
      fc.record({ url: url() }).chain((base) => scrapeOptions.map((options) => ({ ...base, ...options }))),
      value,
    ),
  '/v2/search': () =>
    fc.oneof(
      fc.record(
        {
          query: fc.oneof(fc.string({ maxLength: 40 }), scalar),
          limit: fc.oneof(fc.integer({ min: -2, max: 200 }), scalar),
          sources: fc.oneof(fc.array(fc.oneof(fc.constantFrom('web', 'news', 'images', 'videos'), value), { maxLength: 4 }), scalar),
          tbs: fc.oneof(fc.constantFrom('qdr:d', 'qdr:x', 'sbd:1', 'cdr:1'), scalar),
          country: fc.oneof(fc.constantFrom('us', 'DE', 'zz'), scalar),
          lang: scalar,
          categories: value,
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  // No scrapeOptions that scrape: the corpus's hits are on public hosts this suite must not contact.
  '/v1/search': () =>
    fc.oneof(
      fc.record(
        {
          query: fc.oneof(fc.string({ maxLength: 40 }), scalar),
          limit: fc.oneof(fc.integer({ min: -2, max: 200 }), scalar),
          scrapeOptions: fc.oneof(fc.constant({ formats: [] }), scalar),
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  '/v2/map': () =>
    fc.oneof(
      fc.record(
        {
          url: url(),
          search: scalar,
          sitemap: fc.oneof(fc.constantFrom('include', 'skip', 'only', 'never'), scalar),
          limit: fc.oneof(fc.integer({ min: -1, max: 6000 }), scalar),
          includeSubdomains: scalar,
        },
        { requiredKeys: [] },
      ),
      value,
    ),
  '/v1/map': () => fc.oneof(fc.record({ url: url(), ignoreSitemap: scalar, sitemapOnly: scalar }, { requiredKeys: [] }), value),
  '/v2/crawl': () =>
    fc.oneof(
      fc.record(
        {
          url: url(),
          limit: fc.oneof(fc.integer({ min: -1, max: 2000 }), scalar),
          includePaths: fc.oneof(fc.array(fc.constantFrom('^/a', '(', '[a-'), { maxLength: 2 }), value),
          delay: fc.oneof(fc.constant(1000), scalar),
          webhook: value,
          sitemap: scalar,
          scrapeOptions: fc.oneof(scrapeOptions, scalar),
        },
        { requiredKeys: [] },
      ),
      value,
    ),
} as const;

const ERROR_STATUSES = [400, 402, 404, 408, 409, 415, 502, 504];

describe('bad input on the Firecrawl-compatible routes', () => {
  for (const [path, arbitrary] of Object.entries(bodies)) {
    it(`${path} answers 200 or a Firecrawl error, never a server failure`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary(), async (body) => {
          const res = await c.h.t.quarry.app.inject({
            method: 'POST',
            url: path,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const answer = res.json() as { success?: boolean; error?: unknown };
          if (res.statusCode === 200) {
            expect(answer.success).toBe(true);
            return;
          }
          expect(ERROR_STATUSES, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(answer.success).toBe(false);
          expect(typeof answer.error).toBe('string');
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }
});
