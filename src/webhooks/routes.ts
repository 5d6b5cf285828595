import { Type } from '@sinclair/typebox';
import type { AuthHooks } from '../http/auth.js';
import { ApiError } from '../http/errors.js';
import { paginate } from '../http/pagination.js';
import { ErrorDetail } from '../http/schema.js';
import type { App } from '../http/server.js';
import { PaginatedWebhookDeliveryList, WebhookSecret } from './schemas.js';
import { WebhooksUnavailableError, type Webhooks } from './service.js';

export interface WebhookRouteDeps {
  readonly webhooks: Webhooks;
  readonly auth: AuthHooks;
  readonly pageSize: number;
}

const tags = ['webhooks'];
const security = [{ jwtAuth: [] }];
const errors = { 401: Type.Ref(ErrorDetail), 503: Type.Ref(ErrorDetail) };

export const webhookErrorMapper = (error: unknown) => (error instanceof WebhooksUnavailableError ? new ApiError(503, { detail: error.message }) : undefined);

/**
 * The account's webhook secret (shown, rotated) and its recent deliveries. A login is needed, not
 * an API key: a leaked key must not reveal the secret that proves deliveries genuine.
 */
export function registerWebhookRoutes(app: App, deps: WebhookRouteDeps): void {
  const { webhooks } = deps;
  const onRequest = deps.auth.requireUser;

  app.get(
    '/api/v1/webhooks/secret/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Show the account's webhook signing secret (made on first use)",
        response: { 200: Type.Ref(WebhookSecret), ...errors },
      },
    },
    async (request) => ({ secret: await webhooks.secrets.secretOf(request.user!.id) }),
  );

  app.post(
    '/api/v1/webhooks/secret/rotate/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Replace the webhook signing secret',
        description: 'Every delivery sent from now on, retries of earlier events included, is signed with the new secret.',
        response: { 200: Type.Ref(WebhookSecret), ...errors },
      },
    },
    async (request) => ({ secret: await webhooks.secrets.rotate(request.user!.id) }),
  );

  app.get(
    '/api/v1/webhooks/deliveries/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The account's webhook deliveries, newest first",
        querystring: Type.Object({
          page: Type.Optional(
            Type.Union([Type.String({ description: 'A page number, or `last`' }), Type.Array(Type.String(), { description: 'Repeated: the last one counts' })]),
          ),
        }),
        response: { 200: Type.Ref(PaginatedWebhookDeliveryList), 404: Type.Ref(ErrorDetail), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      return paginate(
        request,
        deps.pageSize,
        () => webhooks.outbox.count(userId),
        (offset, limit) => webhooks.outbox.list(userId, offset, limit),
      );
    },
  );
}
