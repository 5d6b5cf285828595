/**
 * Firecrawl's `webhook` field as every job takes it: a URL, or `{url, headers?, metadata?, events?}`;
 * null and absent are none. Any other key is refused, so a misspelt one is a 400, not a webhook
 * silently missing its headers.
 */
import { checkWebhookTarget, InvalidWebhookError, type WebhookTarget } from './target.js';

const KEYS = new Set(['url', 'headers', 'metadata', 'events']);

/** The job's webhook target, checked (`events` against `knownEvents`); an `InvalidWebhookError` for a bad one. */
export function webhookTargetOf(raw: unknown, knownEvents: readonly string[]): WebhookTarget | undefined {
  if (raw === undefined || raw === null) return undefined;
  const spec = typeof raw === 'string' ? { url: raw } : raw;
  if (typeof spec !== 'object' || Array.isArray(spec)) throw new InvalidWebhookError('webhook must be a URL or an object with a url');
  const unknown = Object.keys(spec).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) throw new InvalidWebhookError(`Unrecognized key in webhook: ${unknown.join(', ')}`);
  return checkWebhookTarget(spec as { url: unknown }, knownEvents);
}
