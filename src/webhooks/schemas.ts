import { Type } from '@sinclair/typebox';
import { Nullable, PaginatedList } from '../http/schema.js';

const dateTime = Type.String({ format: 'date-time', readOnly: true });

export const WebhookSecret = Type.Object(
  {
    secret: Type.String({
      readOnly: true,
      description:
        "The account's signing secret, `whsec_…`: the HMAC-SHA256 key of `X-Quarry-Signature` (over `<timestamp>.<body>`) and `X-Firecrawl-Signature` (over the body).",
    }),
  },
  { $id: 'WebhookSecret' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ format: 'uuid', readOnly: true, description: 'The delivery id (`X-Quarry-Delivery`), the same on every attempt' }),
    event: Type.String({ readOnly: true, description: 'e.g. `crawl.page`' }),
    host: Type.String({ readOnly: true, description: "The receiver's host (the rest of its URL is not shown)" }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], { readOnly: true }),
    attempts: Type.Integer({ readOnly: true }),
    last_status_code: Nullable(Type.Integer({ readOnly: true, description: 'What the receiver answered last; null when it could not be reached' })),
    last_error: Nullable(Type.String({ readOnly: true })),
    next_attempt_at: Nullable({ ...dateTime, description: 'When a pending delivery is tried next' }),
    created: dateTime,
    delivered_at: Nullable(dateTime),
  },
  { $id: 'WebhookDelivery', description: 'One event sent (or being sent) to a webhook; never its body or headers.' },
);

export const PaginatedWebhookDeliveryList = PaginatedList(Type.Ref(WebhookDelivery), 'PaginatedWebhookDeliveryList');

export const webhookSchemas = [WebhookSecret, WebhookDelivery, PaginatedWebhookDeliveryList];
