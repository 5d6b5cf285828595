import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

let h: ScrapeHarness;
let customer: { id: number; key: string };

beforeAll(async () => {
  // No SCRAPE_ALLOWED_HOSTS: the fixture site is an ordinary loopback address, as any would be in production.
  h = await startScrapeHarness({ allowFixtureSite: false });
  customer = await h.t.customer(50);
});
afterAll(async () => h?.close());

describe('targets that are not public internet addresses', () => {
  const spellings = (port: number) => [
    `http://127.0.0.1:${port}/html/basic`,
    `http://localhost:${port}/html/basic`,
    `http://LOCALHOST.:${port}/html/basic`,
    `http://[::1]:${port}/html/basic`,
    `http://0.0.0.0:${port}/html/basic`,
    `http://2130706433:${port}/html/basic`,
    `http://0x7f.1:${port}/html/basic`,
    `http://[::ffff:127.0.0.1]:${port}/html/basic`,
  ];

  it('are refused under `url` with 400, whatever the spelling, before any byte reaches them, at no charge', async () => {
    for (const url of spellings(h.site.port)) {
      for (const render of ['never', 'auto', 'always']) {
        const res = await h.scrape(customer.key, { url, formats: ['markdown'], render, use_cache: false });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        const body = res.json() as { url: string[] };
        expect(Object.keys(body)).toEqual(['url']);
        expect(body.url[0]).toMatch(
          /^Refusing to connect to .+: it is (a|an|the) .+, not a public internet address\. To allow it, add \S+ to SCRAPE_ALLOWED_HOSTS\.$/,
        );
      }
    }
    expect(h.site.requests()).toEqual([]);
    expect(await h.balance(customer.id)).toBe(50);
    await h.expectAuditClean();
  });
});

describe('an allowed site (SCRAPE_ALLOWED_HOSTS=127.0.0.1:PORT) and the loopback name', () => {
  let allowed: ScrapeHarness;
  beforeAll(async () => {
    allowed = await startScrapeHarness();
  });
  afterAll(async () => allowed?.close());

  it('refuses a redirect to localhost on a port that is not allowed, at the hop, naming the setting', async () => {
    const c = await allowed.t.customer(5);
    const other = allowed.site.port === 65535 ? 65534 : allowed.site.port + 1;
    const target = encodeURIComponent(`http://localhost:${other}/html/basic`);
    const res = await allowed.scrape(c.key, { url: `${allowed.site.url}/redirect/302?to=${target}`, formats: ['text'], render: 'never' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      url: [
        `Refusing to connect to localhost: it is a loopback name, not a public internet address. To allow it, add localhost:${other} to SCRAPE_ALLOWED_HOSTS.`,
      ],
    });
    expect(allowed.site.requests().map((r) => r.path)).toEqual([`/redirect/302?to=${target}`]);
    expect(await allowed.balance(c.id)).toBe(5);
  });

  it('scrapes localhost on the allowed port, since localhost resolves to the allowed address', async () => {
    const c = await allowed.t.customer(5);
    const res = await allowed.scrape(c.key, { url: `http://localhost:${allowed.site.port}/html/basic`, formats: ['text'], render: 'never' });
    expect(res.statusCode, res.body).toBe(200);
    expect(allowed.site.requests().some((r) => r.host === `localhost:${allowed.site.port}`)).toBe(true);
  });
});
