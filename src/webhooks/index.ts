/** What other features may use of src/webhooks: enqueue events for a job's webhook, and check a webhook when the job starts. */
export { createWebhooks, WebhooksUnavailableError, type EnqueueOptions, type Webhooks } from './service.js';
export { checkWebhookTarget, InvalidWebhookError, wants, type WebhookTarget } from './target.js';
export { webhookTargetOf } from './spec.js';
export { firecrawlSignature, quarrySignature } from './signing.js';
export { webhooksFeature } from './feature.js';
