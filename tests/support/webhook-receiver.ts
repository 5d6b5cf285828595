/**
 * A webhook receiver on 127.0.0.1: records every delivery (its headers and its raw body, byte for
 * byte) and answers each with what `answer` says (200 unless told otherwise).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The status this receiver answered. */
  readonly answered: number;
}

export interface WebhookReceiver {
  readonly url: string;
  /** `127.0.0.1:PORT`, for `SCRAPE_ALLOWED_HOSTS`. */
  readonly host: string;
  readonly received: ReceivedDelivery[];
  /** Chooses the status of each delivery from what arrived (and how many came before it). */
  answer: (delivery: { path: string; body: string; index: number }) => number;
  /** Resolves once `count` deliveries matching `filter` arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, filter?: (delivery: ReceivedDelivery) => boolean, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const answered = receiver.answer({ path, body, index: received.length });
      received.push({ path, headers: request.headers, body, answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    answer: () => 200,
    async waitFor(count, filter = () => true, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > until)
          throw new Error(`expected ${count} deliveries, got ${matching.length}: ${received.map((d) => d.body.slice(0, 80)).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
