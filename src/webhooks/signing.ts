/**
 * The signatures a delivery carries. Quarry's header signs `<timestamp>.<raw body>`, so a captured
 * delivery replayed later with a fresh timestamp does not verify; Firecrawl's header signs the raw
 * body alone, exactly as Firecrawl computes it, so receivers written for Firecrawl verify unchanged.
 * Both are `sha256=<hex of HMAC-SHA256(secret, …)>`.
 */
import { createHmac } from 'node:crypto';
import type { DeliverySurface } from './tables.js';

const hmac = (secret: string, text: string) => `sha256=${createHmac('sha256', secret).update(text, 'utf8').digest('hex')}`;

/** `X-Quarry-Signature`'s value. */
export const quarrySignature = (secret: string, timestamp: number, body: string) => hmac(secret, `${timestamp}.${body}`);

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
    'x-quarry-signature': quarrySignature(secret, timestamp, body),
    ...(input.surface === 'firecrawl' ? { 'x-firecrawl-signature': firecrawlSignature(secret, body) } : {}),
  };
}
