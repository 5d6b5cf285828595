import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

let h: ScrapeHarness;
let customer: { id: number; key: string };

beforeAll(async () => {
  h = await startScrapeHarness();
  customer = await h.t.customer(10);
});
afterAll(async () => h?.close());

describe('validation of POST /api/v1/scrape/', () => {
  const page = () => `${h.site.url}/html/basic`;
  const cases: [string, () => unknown, unknown][] = [
    ['an empty body', () => ({}), { url: ['This field is required.'], formats: ['This field is required.'] }],
    ['a missing url', () => ({ formats: ['markdown'] }), { url: ['This field is required.'] }],
    ['missing formats', () => ({ url: page() }), { formats: ['This field is required.'] }],
    ['an unknown format', () => ({ url: page(), formats: ['html'] }), { formats: { '0': ['"html" is not a valid choice.'] } }],
    ['an unknown format after a good one', () => ({ url: page(), formats: ['text', 'pdf'] }), { formats: { '1': ['"pdf" is not a valid choice.'] } }],
    ['an empty list of formats', () => ({ url: page(), formats: [] }), { formats: ['This list may not be empty.'] }],
    ['formats that are not a list', () => ({ url: page(), formats: 'markdown' }), { formats: ['Expected a list of items but got type "str".'] }],
    ['a url that is not a string', () => ({ url: 42, formats: ['text'] }), { url: ['Not a valid string.'] }],
    ['an unknown render mode', () => ({ url: page(), formats: ['text'], render: 'sometimes' }), { render: ['"sometimes" is not a valid choice.'] }],
    ['a use_cache that is not a boolean', () => ({ url: page(), formats: ['text'], use_cache: 'yes' }), { use_cache: ['Must be a valid boolean.'] }],
  ];
  for (const [name, body, expected] of cases) {
    it(`answers 400 for ${name}`, async () => {
      const res = await h.scrape(customer.key, body());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    });
  }

  const badUrls = [
    '/html/basic',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http:example.com',
    'http:/example.com',
    'https://',
    'http:// example.com',
    'mailto:someone@example.com',
    '',
  ];
  for (const url of badUrls) {
    it(`answers {"url": ["Enter a valid URL."]} for ${JSON.stringify(url)}`, async () => {
      const res = await h.scrape(customer.key, { url, formats: ['markdown'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ url: ['Enter a valid URL.'] });
    });
  }

  // An address written without its scheme gets the URL it probably meant: https for a name,
  // http for localhost or an IP address.
  const schemeless: [string, string][] = [
    ['example.com', 'https://example.com/'],
    ['www.example.com/page', 'https://www.example.com/page'],
    ['127.0.0.1:8732/x', 'http://127.0.0.1:8732/x'],
    ['localhost:3000/docs?q=1', 'http://localhost:3000/docs?q=1'],
  ];
  for (const [url, meant] of schemeless) {
    it(`answers 400 for ${JSON.stringify(url)} suggesting ${meant}`, async () => {
      const res = await h.scrape(customer.key, { url, formats: ['markdown'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ url: [`Enter a valid URL. Did you mean ${meant}? Start the URL with http:// or https://.`] });
    });
  }

  it('refuses a missing or unknown API key with the contract body', async () => {
    for (const key of [undefined, 'not-a-key']) {
      const res = await h.scrape(key, { url: page(), formats: ['markdown'] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or inactive API key.' });
    }
  });

  it('takes JSON bodies only', async () => {
    const res = await h.t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/scrape/',
      payload: `url=${encodeURIComponent(page())}&formats=markdown`,
      headers: { 'x-api-key': customer.key, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers without the trailing slash too', async () => {
    const res = await h.t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/scrape',
      payload: { url: page(), formats: ['text'] },
      headers: { 'x-api-key': customer.key },
    });
    expect(res.statusCode).toBe(200);
  });

  it('held and charged nothing for any refused request, and touched no target', async () => {
    expect(await h.balance(customer.id)).toBe(9);
    expect(h.site.requests().map((r) => r.path)).toEqual(['/html/basic']);
    await h.expectAuditClean();
  });
});
