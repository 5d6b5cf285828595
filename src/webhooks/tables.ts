/** Row types of the webhooks' tables (migration 0020); timestamps are ISO 8601 UTC strings. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** Which surface a delivery speaks for: Firecrawl's deliveries also carry Firecrawl's signature header. */
export type DeliverySurface = 'quarry' | 'firecrawl';

export type WebhookSecretsTable = {
  user_id: number;
  /** The secret sealed with `KEY_ENCRYPTION_SECRET` (never stored in the clear). */
  ciphertext: string;
  created: string;
};

export type WebhookDeliveriesTable = {
  /** The stable delivery id: the same on every attempt. */
  id: string;
  user_id: number;
  url: string;
  event: string;
  surface: DeliverySurface;
  /** The exact JSON sent, byte for byte, on every attempt. */
  body: string;
  /** JSON object of the job's extra headers. */
  headers: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** While an instance is sending it: until when the claim holds (a dead sender's claim runs out). */
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created: string;
  delivered_at: string | null;
};

export type WebhookTables = {
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
