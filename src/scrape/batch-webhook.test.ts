/**
 * Batch scrapes with a `webhook`, on both surfaces, against a loopback receiver that verifies every
 * signature with the account's secret: the native `POST /api/v1/scrape/batch` (Quarry's signature)
 * and Firecrawl's `/v2/batch/scrape` through the real firecrawl-js client (Firecrawl's signature
 * too) each deliver `batch_scrape.started`, one `batch_scrape.page` a page and
 * `batch_scrape.completed`; a failed page is a page event with its error; a bad webhook is a 400
 * in the surface's own shape; a cancelled batch sends nothing more.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { startBatchSite, type BatchSite } from '../../tests/support/batch-site.js';
import { freePort } from '../../tests/support/ports.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../../tests/support/webhook-receiver.js';

let t: TestApp;
let site: BatchSite;
let receiver: WebhookReceiver;
let baseUrl: string;

beforeAll(async () => {
  site = await startBatchSite();
  receiver = await startWebhookReceiver();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp(
    {
      SCRAPE_ALLOWED_HOSTS: `${site.host},${receiver.host}`,
      PRICE_SCRAPE: '1',
      PRICE_SCRAPE_BROWSER: '0',
      PUBLIC_URL: baseUrl,
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
      WEBHOOK_SWEEP_MS: '20',
      WEBHOOK_RETRY_BASE_MS: '0',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
    { features: onlyFeatures('webhooks', 'scrape', 'compat-firecrawl') },
  );
  await t.quarry.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await site?.close();
});

const json = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

async function secretOf(access: string): Promise<string> {
  const res = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/webhooks/secret/', headers: { authorization: `Bearer ${access}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { secret: string }).secret;
}

const signs = (header: unknown, body: string, secret: string) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

interface Payload {
  success: boolean;
  type: string;
  id: string;
  webhookId: string;
  data: unknown[];
  metadata: Record<string, unknown>;
  error?: string;
}
const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as Payload;
const ofType = (deliveries: ReceivedDelivery[], type: string) => deliveries.map(bodyOf).filter((body) => body.type === type);

function startNative(key: string, body: Record<string, unknown>) {
  return t.quarry.app.inject({ method: 'POST', url: '/api/v1/scrape/batch', headers: json(key), payload: body });
}

describe('a native batch scrape with a webhook', () => {
  it('delivers started, one page event a page (the failed one with its error) and completed, signed with the account secret', async () => {
    const customer = await t.customer(100);
    const secret = await secretOf(customer.access);
    const path = `/native-${customer.id}`;
    const urls = [...site.pages(2), `${site.url}/missing`];
    const started = await startNative(customer.key, {
      urls,
      formats: ['markdown'],
      webhook: { url: `${receiver.url}${path}`, metadata: { project: 'native' }, headers: { 'x-receiver-token': 'tok-n' } },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json() as { id: string };

    const arrived = await receiver.waitFor(5, (delivery) => delivery.path === path);
    for (const delivery of arrived) {
      expect(signs(delivery.headers['x-quarry-signature'], delivery.body, secret)).toBe(true);
      // The native surface signs as Quarry alone.
      expect(delivery.headers['x-firecrawl-signature']).toBeUndefined();
      expect(delivery.headers['x-receiver-token']).toBe('tok-n');
      expect(delivery.headers['x-quarry-delivery']).toBe(bodyOf(delivery).webhookId);
      expect(bodyOf(delivery)).toMatchObject({ id, metadata: { project: 'native' } });
    }
    // Deliveries are independent (sent a few at once, as with Firecrawl): each event once, whatever the order.
    expect(ofType(arrived, 'batch_scrape.started')).toEqual([expect.objectContaining({ success: true, data: [] })]);
    const pages = ofType(arrived, 'batch_scrape.page');
    expect(pages).toHaveLength(3);
    const done = pages.filter((page) => page.success).map((page) => page.data[0] as { url: string; status: string; result: { markdown: string } });
    expect(done.map((page) => page.url).sort()).toEqual(site.pages(2).sort());
    expect(done.every((page) => page.status === 'completed' && page.result.markdown.includes('# Page'))).toBe(true);
    const failed = pages.find((page) => !page.success)!;
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.data).toEqual([{ url: `${site.url}/missing`, status: 'failed', error: failed.error }]);
    expect(ofType(arrived, 'batch_scrape.completed')).toEqual([expect.objectContaining({ success: true, data: [] })]);
  });

  it('sends only the events asked for', async () => {
    const customer = await t.customer(100);
    const path = `/native-some-${customer.id}`;
    const started = await startNative(customer.key, {
      urls: site.pages(2, 0, 10),
      formats: ['markdown'],
      webhook: { url: `${receiver.url}${path}`, events: ['completed'] },
    });
    expect(started.statusCode, started.body).toBe(200);
    const [completed] = await receiver.waitFor(1, (delivery) => delivery.path === path);
    expect(bodyOf(completed!).type).toBe('batch_scrape.completed');
    // The sweeps after it bring nothing else.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((delivery) => delivery.path === path)).toHaveLength(1);
  });

  it('sends nothing more once the batch is cancelled', async () => {
    const customer = await t.customer(100);
    const path = `/native-cancel-${customer.id}`;
    const started = await startNative(customer.key, { urls: site.pages(4, 3_000, 20), formats: ['markdown'], webhook: `${receiver.url}${path}` });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json() as { id: string };
    await receiver.waitFor(1, (delivery) => delivery.path === path);
    const cancelled = await t.quarry.app.inject({ method: 'DELETE', url: `/api/v1/scrape/batch/${id}`, headers: json(customer.key) });
    expect(cancelled.statusCode).toBe(200);
    // Past the pages in flight and a few sweeps: still the started event alone.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(receiver.received.filter((delivery) => delivery.path === path).map((delivery) => bodyOf(delivery).type)).toEqual(['batch_scrape.started']);
  });

  it('answers 400 {"webhook": [...]} for a bad webhook, and starts no batch', async () => {
    const customer = await t.customer(100);
    for (const webhook of ['ftp://example.com/hook', { url: `${receiver.url}/x`, events: ['done'] }, { url: `${receiver.url}/x`, secret: 's' }, 42]) {
      const res = await startNative(customer.key, { urls: site.pages(1), formats: ['markdown'], webhook });
      expect(res.statusCode, JSON.stringify(webhook)).toBe(400);
      expect(res.json()).toEqual({ webhook: [expect.any(String)] });
    }
  });
});

describe('a Firecrawl batch scrape with a webhook, through firecrawl-js', () => {
  it('delivers started, one page event a page with its document, and completed, with both signatures', async () => {
    const customer = await t.customer(100);
    const secret = await secretOf(customer.access);
    const path = `/firecrawl-${customer.id}`;
    const firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: baseUrl });
    const urls = site.pages(3, 0, 30);
    const { id } = await firecrawl.startBatchScrape(urls, {
      options: { formats: ['markdown'] },
      webhook: { url: `${receiver.url}${path}`, metadata: { project: 'fc' }, events: ['started', 'page', 'completed', 'failed'] },
    });

    const arrived = await receiver.waitFor(5, (delivery) => delivery.path === path);
    for (const delivery of arrived) {
      expect(signs(delivery.headers['x-firecrawl-signature'], delivery.body, secret)).toBe(true);
      expect(signs(delivery.headers['x-quarry-signature'], delivery.body, secret)).toBe(true);
      expect(bodyOf(delivery)).toMatchObject({ success: true, id, webhookId: delivery.headers['x-quarry-delivery'], metadata: { project: 'fc' } });
    }
    expect(ofType(arrived, 'batch_scrape.started')).toHaveLength(1);
    const documents = ofType(arrived, 'batch_scrape.page').map((page) => page.data[0] as { markdown: string; metadata: { sourceURL: string } });
    expect(documents.map((document) => document.metadata.sourceURL).sort()).toEqual(urls.sort());
    expect(documents.every((document) => document.markdown.includes('# Page'))).toBe(true);
    expect(ofType(arrived, 'batch_scrape.completed')).toHaveLength(1);
  });

  it('answers 400 for a bad webhook', async () => {
    const customer = await t.customer(100);
    const firecrawl = new Firecrawl({ apiKey: customer.key, apiUrl: baseUrl });
    const error = await firecrawl
      .startBatchScrape(site.pages(1), { options: { formats: ['markdown'] }, webhook: { url: 'not a url' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(400);
    expect((error as SdkError).message).toMatch(/webhook/);
  });
});
