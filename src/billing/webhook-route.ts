import { Type } from '@sinclair/typebox';
import { ErrorDetail, ServerError } from '../http/schema.js';
import type { App } from '../http/server.js';
import { WebhookReceipt } from './schemas.js';
import type { BillingService } from './service.js';

export const PADDLE_WEBHOOK_PATH = '/api/v1/billing/webhooks/paddle/';

/**
 * The Paddle notification endpoint. The signature covers the exact bytes Paddle sent, so this
 * route lives in its own scope whose only body parser hands the handler those bytes; the
 * service-wide JSON parser (which would re-serialise) never sees the request.
 */
export async function registerWebhookRoute(app: App, billing: BillingService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(
      PADDLE_WEBHOOK_PATH,
      {
        schema: {
          tags: ['billing'],
          summary: 'Paddle Billing notifications (signed with `Paddle-Signature`; no other authentication)',
          response: { 200: Type.Ref(WebhookReceipt), 400: Type.Ref(ErrorDetail), 503: Type.Ref(ServerError) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Granting is a local database write, so the answer stays well inside Paddle's 5 s; a failure
        // answers 500 and Paddle delivers again, which the idempotent grant absorbs.
        const outcome = await billing.receiveWebhook(raw, request.headers);
        return { received: true, outcome };
      },
    );
  });
}
