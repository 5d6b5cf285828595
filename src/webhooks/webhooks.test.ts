/**
 * Signed webhooks end to end: a crawl started through firecrawl-js with a `webhook` delivers its
 * events to a loopback receiver that verifies every signature with the account's secret; a
 * delivery the receiver refuses comes again with the same id and body; the secret is shown,
 * rotated and sealed at rest; deliveries are the account's own; a receiver the guard refuses is
 * never reached; the secret never reaches the log.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Firecrawl from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, onlyFeatures, type TestApp } from '../../tests/support/app.js';
import { startCrawlSite, type CrawlSite } from '../../tests/support/index-crawl-site.js';
import { freePort } from '../../tests/support/ports.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../../tests/support/webhook-receiver.js';
import { isBlockedAddress } from '../scrape/net/index.js';

let t: TestApp;
let site: CrawlSite;
let receiver: WebhookReceiver;
let baseUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  site = await startCrawlSite();
  receiver = await startWebhookReceiver();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp(
    {
      SCRAPE_ALLOWED_HOSTS: `${site.host},${receiver.host}`,
      CRAWL_DELAY_MS: '0',
      PRICE_SCRAPE: '1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      WEBHOOK_SWEEP_MS: '20',
      WEBHOOK_RETRY_BASE_MS: '0',
      WEBHOOK_RETRY_SECONDS: '30',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
    { features: onlyFeatures('webhooks', 'compat-firecrawl'), logDestination: { write: (line: string) => void lines.push(line) } },
  );
  await t.quarry.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await site?.close();
});

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

async function secretOf(access: string): Promise<string> {
  const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/secret/', headers: bearer(access) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { secret: string }).secret;
}

/** What a receiver does: HMAC-SHA256 of the raw body, Firecrawl's header and Quarry's, compared in constant time. */
function verifies(delivery: ReceivedDelivery, secret: string): boolean {
  const same = (header: unknown, text: string) => {
    const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(text).digest('hex')}`);
    const given = Buffer.from(String(header));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  expect(Number(delivery.headers['x-quarry-timestamp'])).toBeGreaterThan(0);
  return same(delivery.headers['x-firecrawl-signature'], delivery.body) && same(delivery.headers['x-quarry-signature'], delivery.body);
}

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as Record<string, unknown>;

describe('a Firecrawl crawl with a webhook', () => {
  it('delivers started, one page event a page and completed, each signed with the account secret; a refused delivery comes again with the same id and body', async () => {
    const customer = await t.customer(100);
    const secret = await secretOf(customer.access);
    const path = `/crawl-${customer.id}`;
    // The receiver refuses the first page event once.
    let refused = false;
    receiver.answer = ({ path: at, body }) => {
      if (at === path && !refused && body.includes('"crawl.page"')) {
        refused = true;
        return 500;
      }
      return 200;
    };
    const firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: baseUrl });
    const job = await firecrawl.crawl(`${site.url}/a`, {
      limit: 3,
      pollInterval: 1,
      timeout: 60,
      webhook: { url: `${receiver.url}${path}`, metadata: { project: 'alpha' }, headers: { 'x-receiver-token': 'tok-1' } },
    });
    expect(job.status).toBe('completed');
    const pages = job.data.length;
    expect(pages).toBeGreaterThan(0);

    const mine = (delivery: ReceivedDelivery) => delivery.path === path;
    // started + pages + completed, and the refused one once more.
    const arrived = await receiver.waitFor(pages + 3, mine);
    for (const delivery of arrived) {
      expect(verifies(delivery, secret)).toBe(true);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-receiver-token']).toBe('tok-1');
      expect(delivery.headers['x-quarry-delivery']).toBe(bodyOf(delivery).webhookId);
    }
    // Deliveries are independent (a retried one may arrive after later events, as with Firecrawl): each event once, whatever the order.
    const types = arrived.filter((delivery) => delivery.answered === 200).map((delivery) => bodyOf(delivery).type);
    expect(types.filter((type) => type === 'crawl.started')).toHaveLength(1);
    expect(types.filter((type) => type === 'crawl.page')).toHaveLength(pages);
    expect(types.filter((type) => type === 'crawl.completed')).toHaveLength(1);

    const first = bodyOf(arrived.find((delivery) => bodyOf(delivery).type === 'crawl.started')!);
    expect(first).toMatchObject({ success: true, type: 'crawl.started', id: job.id ?? first.id, data: [], metadata: { project: 'alpha' } });
    const page = arrived.find((delivery) => bodyOf(delivery).type === 'crawl.page')!;
    const document = (bodyOf(page).data as { markdown: string; metadata: { sourceURL: string } }[])[0]!;
    expect(document.markdown).toContain('Alpha');
    expect(document.metadata.sourceURL).toMatch(new RegExp(`^${site.url}/a`));

    const refusedOne = arrived.find((delivery) => delivery.answered === 500)!;
    const again = arrived.filter((delivery) => delivery.headers['x-quarry-delivery'] === refusedOne.headers['x-quarry-delivery']);
    expect(again).toHaveLength(2);
    expect(again[1]!.body).toBe(refusedOne.body);
    expect(again[1]!.answered).toBe(200);

    // The account's list shows every delivery delivered, the retried one after two attempts.
    const list = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries/', headers: bearer(customer.access) });
    expect(list.statusCode).toBe(200);
    const listed = list.json() as { count: number; results: { id: string; status: string; attempts: number; host: string; last_status_code: number }[] };
    expect(listed.count).toBe(pages + 2);
    await expect
      .poll(async () => {
        const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries/', headers: bearer(customer.access) });
        return (res.json() as typeof listed).results.every((row) => row.status === 'delivered');
      })
      .toBe(true);
    const retried = listed.results.find((row) => row.id === refusedOne.headers['x-quarry-delivery'])!;
    expect(retried).toMatchObject({ host: receiver.host, attempts: 2, last_status_code: 200, status: 'delivered' });

    // Another account sees none of them.
    const other = await t.customer(0);
    const theirs = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries/', headers: bearer(other.access) });
    expect((theirs.json() as { count: number }).count).toBe(0);
  });

  it('sends only the events asked for, and refuses a webhook it could never deliver, as a Firecrawl 400', async () => {
    const customer = await t.customer(100);
    const path = `/only-completed-${customer.id}`;
    receiver.answer = () => 200;
    const firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: baseUrl });
    await firecrawl.crawl(`${site.url}/b`, { limit: 2, pollInterval: 1, timeout: 60, webhook: { url: `${receiver.url}${path}`, events: ['completed'] } });
    const arrived = await receiver.waitFor(1, (delivery) => delivery.path === path);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.filter((delivery) => delivery.path === path).map((delivery) => bodyOf(delivery).type)).toEqual(['crawl.completed']);
    expect(bodyOf(arrived[0]!)).toMatchObject({ success: true, metadata: {} });

    for (const webhook of [
      'ftp://example.com/hook',
      { url: `${receiver.url}/x`, events: ['finished'] },
      { url: `${receiver.url}/x`, headers: { host: 'evil' } },
      42,
    ]) {
      const res = await fetch(`${baseUrl}/v2/crawl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.url}/`, webhook }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/webhook/) });
    }
  });
});

describe('the guard', () => {
  it('classifies private and loopback receivers as blocked', () => {
    expect(isBlockedAddress('10.1.2.3')).toBe(true);
    expect(isBlockedAddress('192.168.0.10')).toBe(true);
    expect(isBlockedAddress('127.0.0.1')).toBe(true);
    expect(isBlockedAddress('::1')).toBe(true);
  });

  it('never reaches a loopback receiver that is not allow-listed: the attempt is refused and noted, and the receiver hears nothing', async () => {
    const stranger = await startWebhookReceiver();
    try {
      const customer = await t.customer(100);
      const res = await fetch(`${baseUrl}/v2/crawl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.url}/b`, limit: 1, webhook: { url: `${stranger.url}/hook`, events: ['started'] } }),
      });
      expect(res.status).toBe(200);
      await expect
        .poll(async () => {
          const list = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries/', headers: bearer(customer.access) });
          return (list.json() as { results: { attempts: number; last_error: string | null; last_status_code: number | null }[] }).results[0];
        })
        .toMatchObject({ attempts: expect.any(Number), last_status_code: null, last_error: expect.stringMatching(/not allowed|blocked|private|loopback/i) });
      expect(stranger.received).toEqual([]);
    } finally {
      await stranger.close();
    }
  });
});

describe('the account secret', () => {
  it('is made on first use, stays the same, is sealed at rest, and a rotation replaces it for the next deliveries', async () => {
    const customer = await t.customer(100);
    const secret = await secretOf(customer.access);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await secretOf(customer.access)).toBe(secret);
    const other = await t.customer(0);
    expect(await secretOf(other.access)).not.toBe(secret);

    const stored = await t.quarry.db
      .withTables<{ webhook_secrets: { user_id: number; ciphertext: string } }>()
      .selectFrom('webhook_secrets')
      .select('ciphertext')
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(stored.ciphertext).not.toContain(secret.slice(6));

    const rotated = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/webhooks/secret/rotate/', headers: bearer(customer.access) });
    expect(rotated.statusCode).toBe(200);
    const fresh = (rotated.json() as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    expect(await secretOf(customer.access)).toBe(fresh);

    const path = `/rotated-${customer.id}`;
    receiver.answer = () => 200;
    const res = await fetch(`${baseUrl}/v2/crawl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/b`, limit: 1, webhook: { url: `${receiver.url}${path}`, events: ['started'] } }),
    });
    expect(res.status).toBe(200);
    const [delivery] = await receiver.waitFor(1, (d) => d.path === path);
    expect(verifies(delivery!, fresh)).toBe(true);
    expect(verifies(delivery!, secret)).toBe(false);
  });

  it('needs a login: without credentials 401, with an API key 403', async () => {
    const customer = await t.customer(0);
    for (const [method, url] of [
      ['GET', '/api/v1/webhooks/secret/'],
      ['POST', '/api/v1/webhooks/secret/rotate/'],
      ['GET', '/api/v1/webhooks/deliveries/'],
    ] as const) {
      expect((await t.quarry.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.quarry.app.inject({ method, url, headers: { 'x-api-key': customer.key } })).statusCode).toBe(403);
    }
  });

  it('never reaches the log', async () => {
    const customer = await t.customer(0);
    const secret = await secretOf(customer.access);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => line.includes(secret.slice(6, 30)))).toEqual([]);
  });
});
