import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../errors.js';

/**
 * Paddle Billing webhook signatures: header `Paddle-Signature: ts=<unix seconds>;h1=<hex>`,
 * where h1 = hex(HMAC-SHA256(endpoint secret, ts + ":" + raw body)). During a secret rotation
 * Paddle sends one h1 per active secret, so any matching h1 authenticates the request.
 */

export interface PaddleSignatureCheck {
  /** Endpoint secret keys (pdl_ntfset_…). Several are accepted so an operator can rotate without downtime. */
  readonly secrets: readonly string[];
  /** How far the signed timestamp may be from now, either way, in seconds. */
  readonly toleranceSeconds: number;
  /** Current time in milliseconds since the epoch. */
  readonly nowMs: number;
}

interface ParsedSignature {
  /** The timestamp exactly as sent: it is part of the signed payload. */
  readonly ts: string;
  readonly h1: readonly Buffer[];
}

const TIMESTAMP = /^[0-9]{1,12}$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
/** Rotation needs two; the cap keeps a hostile header from buying many HMAC comparisons. */
const MAX_SIGNATURES = 8;

/** Throws WebhookSignatureError unless `header` authenticates `rawBody` now. */
export function verifyPaddleSignature(rawBody: Buffer, header: string | readonly string[] | undefined, check: PaddleSignatureCheck): void {
  if (header === undefined || header === '') throw new WebhookSignatureError('missing');
  if (typeof header !== 'string') throw new WebhookSignatureError('malformed');
  const signature = parseSignatureHeader(header);

  // Every secret is tried against every h1 without early exit, so the time taken does not say which one matched.
  let authentic = false;
  for (const secret of check.secrets) {
    const expected = createHmac('sha256', secret).update(`${signature.ts}:`).update(rawBody).digest();
    for (const candidate of signature.h1) {
      if (timingSafeEqual(expected, candidate)) authentic = true;
    }
  }
  if (!authentic) throw new WebhookSignatureError('mismatch');

  const ageSeconds = check.nowMs / 1000 - Number(signature.ts);
  if (ageSeconds > check.toleranceSeconds) throw new WebhookSignatureError('expired');
  if (-ageSeconds > check.toleranceSeconds) throw new WebhookSignatureError('future');
}

function parseSignatureHeader(header: string): ParsedSignature {
  let ts: string | undefined;
  const h1: Buffer[] = [];
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const separator = trimmed.indexOf('=');
    if (separator <= 0) throw new WebhookSignatureError('malformed');
    const key = trimmed.slice(0, separator);
    const value = trimmed.slice(separator + 1);
    if (key === 'ts') {
      if (ts !== undefined || !TIMESTAMP.test(value)) throw new WebhookSignatureError('malformed');
      ts = value;
    } else if (key === 'h1') {
      // Equal lengths are guaranteed here, which timingSafeEqual requires.
      if (!SHA256_HEX.test(value) || h1.length === MAX_SIGNATURES) throw new WebhookSignatureError('malformed');
      h1.push(Buffer.from(value, 'hex'));
    }
    // Other keys are ignored: Paddle may add signature schemes that this version does not know.
  }
  if (ts === undefined || h1.length === 0) throw new WebhookSignatureError('malformed');
  return { ts, h1 };
}
