/**
 * The signatures a delivery carries, both `sha256=<hex of HMAC-SHA256(secret, raw body)>`: Quarry's
 * and, on the Firecrawl surface, Firecrawl's (computed exactly as Firecrawl does, so receivers
 * written for Firecrawl verify unchanged). The body holds the delivery id (`webhookId`) and is the
 * same on every attempt, so the signature covers the id a receiver deduplicates on: a captured
 * delivery sent again is that same delivery, already seen.
 */
import { createHmac } from 'node:crypto';
import type { DeliverySurface } from './tables.js';

const hmac = (secret: string, text: string) => `sha256=${createHmac('sha256', secret).update(text, 'utf8').digest('hex')}`;

/** `X-Quarry-Signature`'s value. */
export const quarrySignature = (secret: string, body: string) => hmac(secret, body);

/** `X-Firecrawl-Signature`'s value. */
export const firecrawlSignature = (secret: string, body: string) => hmac(secret, body);

/** Every header of one attempt: the job's own first, so none of them can replace ours. */
export function deliveryHeaders(input: {
  readonly id: string;
  readonly secret: string;
  readonly body: string;
  readonly timestamp: number;
  readonly surface: DeliverySurface;
  readonly extra: Record<string, string>;
}): Record<string, string> {
  const { id, secret, body, timestamp } = input;
  return {
    ...input.extra,
    'content-type': 'application/json',
    'x-quarry-delivery': id,
    'x-quarry-timestamp': String(timestamp),
    'x-quarry-signature': quarrySignature(secret, body),
    ...(input.surface === 'firecrawl' ? { 'x-firecrawl-signature': firecrawlSignature(secret, body) } : {}),
  };
}
